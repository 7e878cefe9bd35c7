import { holidayResource } from '../holidays.js';
import { action, page, resourcePermissions } from './define.js';

/** Master data (spec §2). Holidays' keys come from the holidays declaration. */
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
  ...resourcePermissions(holidayResource, 'masterdata', 209, { icon: 'calendar', available: true, path: '/masterdata/holidays' }),
  action('masterdata', 209, 'masterdata.holidays.import', ['POST /holidays/import']),
  page('masterdata', 210, 'smsContent', { icon: 'message' }),
];
