import { HOLIDAY_IMPORT_PATH, type HolidayImportRequest, type HolidayImportResult } from '@harbour/contracts';
import { request } from '../../api/index.js';

export const holidaysApi = {
  /** Silent: the dialog shows the server's message beside the upload. */
  importHolidays: (body: HolidayImportRequest) =>
    request<HolidayImportResult>(HOLIDAY_IMPORT_PATH, { method: 'POST', body, silent: true }),
};
