import type { HolidayImportRequest } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

export const holidaysApi = {
  /** Silent: the dialog shows the server's message beside the upload. */
  importHolidays: (body: HolidayImportRequest) =>
    call(endpoints.tools.importHolidays, { body, silent: true }),
};
