import { action, page } from './define.js';

/** Master data (spec §2). Holidays' keys match `HOLIDAY_PERMISSIONS` in holidays.ts. */
export const masterdataPermissions = [
  page('masterdata', 200, 'company', { icon: 'bank' }),
  page('masterdata', 201, 'staffInfo', { icon: 'idcard' }),
  page('masterdata', 202, 'staffLevel', { icon: 'crown' }),
  page('masterdata', 203, 'customer', { icon: 'contacts' }),
  page('masterdata', 204, 'loan', { icon: 'profile' }),
  page('masterdata', 205, 'bank', { icon: 'bank' }),
  page('masterdata', 206, 'referralAgent', { icon: 'share-alt' }),
  page('masterdata', 207, 'solicitor', { icon: 'solution' }),
  page('masterdata', 208, 'ocaAgent', { icon: 'reconciliation' }),
  page('masterdata', 209, 'holidays', { icon: 'calendar', key: 'masterdata.holidays.list', available: true, api: ['GET /holidays', 'GET /holidays/:id'] }),
  action('masterdata', 209, 'masterdata.holidays.create', ['POST /holidays']),
  action('masterdata', 209, 'masterdata.holidays.update', ['PUT /holidays/:id']),
  action('masterdata', 209, 'masterdata.holidays.delete', ['DELETE /holidays/:id']),
  action('masterdata', 209, 'masterdata.holidays.import', ['POST /holidays/import']),
  page('masterdata', 210, 'smsContent', { icon: 'message' }),
];
