import { bankResource, ocaAgentResource, referralAgentResource, solicitorResource } from '../counterparties.js';
import { staffLevelResource } from '../levels.js';
import { COMPANY_EDIT_PERMISSION } from '../company.js';
import { PRESCRIBED_SUMMARY_PERMISSION } from '../prescribed-summary.js';
import { holidayResource } from '../holidays.js';
import { customerOptionResource, loanOptionResource } from '../options.js';
import { smsTemplateResource } from '../sms.js';
import { bankAccountResource } from '../bank-reconciliation.js';
import { action, page, resourcePermissions } from './define.js';

/** Master data (spec §2). Staff levels', the option lists', holidays', banks', referral agents', solicitors' and OCA agents' keys come from their declarations. */
export const masterdataPermissions = [
  // Company information: any signed-in staff reads it (titles, print headers); this key edits it.
  page('masterdata', 200, 'company', { icon: 'shop', available: true, path: '/masterdata/company' }),
  action('masterdata', 200, COMPANY_EDIT_PERMISSION, ['PUT /companyInfo', 'POST /companyInfo/logo']),
  // The prescribed summary (Cap. 163A Schedule 3) as the lender enters it: new versions only.
  action('masterdata', 200, PRESCRIBED_SUMMARY_PERMISSION, ['POST /companyInfo/prescribedSummaries']),
  // The former read-only staff summary under master data: no menu page any more (the web sends its
  // address to the one staff list); the key keeps `GET /staffInfo`'s check.
  page('masterdata', 201, 'staffInfo', { hidden: true, icon: 'idcard', available: true, api: ['GET /staffInfo'] }),
  // Staff levels (approval limits) sit in the "Staff & roles" group with the staff they apply to.
  ...resourcePermissions(staffLevelResource, 'staff', 515, { icon: 'crown', available: true, path: '/masterdata/staffLevel' }),
  ...resourcePermissions(customerOptionResource, 'masterdata', 203, { icon: 'contacts', available: true, path: '/masterdata/customer' }),
  ...resourcePermissions(loanOptionResource, 'masterdata', 204, { icon: 'profile', available: true, path: '/masterdata/loan' }),
  ...resourcePermissions(bankResource, 'masterdata', 205, { icon: 'bank', available: true, path: '/masterdata/bank' }),
  ...resourcePermissions(referralAgentResource, 'masterdata', 206, { icon: 'share-alt', available: true, path: '/masterdata/referralAgent' }),
  ...resourcePermissions(solicitorResource, 'masterdata', 207, { icon: 'solution', available: true, path: '/masterdata/solicitor' }),
  ...resourcePermissions(ocaAgentResource, 'masterdata', 208, { icon: 'reconciliation', available: true, path: '/masterdata/ocaAgent' }),
  ...resourcePermissions(holidayResource, 'masterdata', 209, { icon: 'calendar', available: true, path: '/masterdata/holidays' }),
  action('masterdata', 209, 'masterdata.holidays.import', ['POST /holidays/import']),
  // The stores' bank accounts: where transfers, FPS and autopay land (and their ledger account).
  // The CSV mapping action is the reconciliation's posting key (listed with that key in repayment.ts).
  ...resourcePermissions(bankAccountResource, 'masterdata', 211, { icon: 'bank', available: true, path: '/masterdata/bankAccount' }).filter((p) => p.key.startsWith('masterdata.')),
  ...resourcePermissions(smsTemplateResource, 'masterdata', 210, { icon: 'message', available: true, path: '/masterdata/smsContent' }),
];
