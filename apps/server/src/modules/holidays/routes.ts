import { HOLIDAY_IMPORT_PATH, HOLIDAY_PERMISSIONS, holidayImportResultSchema, holidayImportSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { route } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { importHolidays } from './import-service.js';
import { BadHolidayFileError, hongKongHolidays, parse1823, type HolidayRow } from './sources.js';

/** `POST /holidays/import`: Hong Kong general holidays of a year, or an uploaded 1823 file. */
export function holidayImportRoutes(app: FastifyInstance) {
  route(app, {
    method: 'POST',
    url: HOLIDAY_IMPORT_PATH,
    permission: HOLIDAY_PERMISSIONS.import,
    summary: 'Import holidays (Hong Kong rules for a year, or the 1823 JSON); dates already listed are skipped',
    tags: ['holidays'],
    body: holidayImportSchema,
    response: holidayImportResultSchema,
    handler: async (req) => {
      const body = req.body;
      let rows: HolidayRow[];
      let source: string;
      if (body.source === 'rules') {
        rows = hongKongHolidays(body.year);
        source = `HK ${body.year}`;
      } else {
        try {
          rows = parse1823(body.file);
        } catch (e) {
          if (e instanceof BadHolidayFileError) throw badRequest(e.code, [{ field: 'file', message: e.code }]);
          throw e;
        }
        source = '1823';
      }
      // The page words the outcome from the counts; no fixed success message here.
      return withTx(req, (tx) => importHolidays(tx, req, rows, source));
    },
  });
}
