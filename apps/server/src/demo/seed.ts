import { CUSTOMER_OPTION_PERMISSIONS, DEFAULT_SYSTEM_SETTINGS, LOAN_OPTION_PERMISSIONS, PERMISSION_CATALOGUE } from '@harbour/contracts';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, banks, blacklist, companyInfo, formLayoutFields, holidays, ocaAgents, referralAgents, rolePermissions, roles, settings, smsTemplates, solicitors, staff, staffLevels, staffRoles, staffStores, stores } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';
import { seedDemoCustomers } from './customers.js';
import { seedDemoLoans } from './loans.js';
import { runDailyServicing } from '../modules/repayments/daily.js';
import { seedDemoMembers } from './members.js';
import { DEMO_SMS_TEMPLATES } from './sms.js';

export const DEMO_PASSWORD = 'demo1234';

/** The option lists' keys other than viewing (the administrator keeps them). */
const OPTION_EDIT_KEYS = [CUSTOMER_OPTION_PERMISSIONS, LOAN_OPTION_PERMISSIONS].flatMap((p) => [p.create, p.update, p.delete, p.state]);

/** The blacklist's keys (its page sits in the Persona group, which a clerk or collector does not get whole). */
const BLACKLIST_KEYS = PERMISSION_CATALOGUE.filter((p) => p.key.startsWith('blacklist.')).map((p) => p.key);

/**
 * A manager's part of the "Staff & roles" group: reading the staff list (with unlocking and the
 * audited reveal) and the staff levels; creating staff, roles and permissions stays the administrator's.
 */
const MANAGER_STAFF_KEYS = [
  'admin.list',
  'staff.list',
  'staff.unlock',
  'staff.reveal',
  ...PERMISSION_CATALOGUE.filter((p) => p.key.startsWith('masterdata.staffLevel.')).map((p) => p.key),
];

/** The demo roles and what they may do, by permission group (and single keys), less `except`. */
const ROLE_GRANTS: Record<string, { description: string; allStores: boolean; groups: string[]; keys?: string[]; except?: string[] }> = {
  manager: {
    description: 'Store manager: every business screen, all stores',
    allStores: true,
    groups: ['dashboard', 'loan', 'repayment', 'oca', 'sms', 'approval', 'payout', 'reports', 'masterdata', 'tools', 'stores', 'persona', 'member', 'article'],
    keys: ['system.loginList', ...MANAGER_STAFF_KEYS],
    // The option lists feed every customer and loan form: managers view them, the administrator edits.
    except: OPTION_EDIT_KEYS,
  },
  clerk: {
    description: 'Loan clerk: applications, repayments and tools in the own store',
    allStores: false,
    groups: ['dashboard', 'loan', 'repayment', 'tools'],
    // A clerk lists people and checks numbers; seeing whole numbers, editing and removing are the manager's.
    // Submitting despite a blacklist hit is a manager's decision too; so is what the application form asks.
    // Voiding or refunding a posted receipt is a manager's correction; so are waiving overdue interest and fees and running the daily servicing job by hand.
    except: ['blacklist.reveal', 'blacklist.update', 'blacklist.delete', 'loan.blacklistOverride', 'tools.formBuilder', 'tools.formBuilder.edit', 'tools.dataImport', 'repayment.void', 'repayment.waive', 'repayment.dailyJob'],
    // Registers and edits customers; sees their ID numbers and phones masked only. Follows up
    // the own store's applications in the approval status report.
    keys: [...BLACKLIST_KEYS, 'persona.list', 'persona.create', 'persona.edit', 'persona.detail', 'reports.approvalStatus', 'approval.requests'],
  },
  collector: {
    description: 'Collector: overdue repayments, write-off and SMS reminders',
    allStores: false,
    groups: ['dashboard', 'oca', 'sms'],
    // Writing a loan off (or cancelling that), paying the agents and the SMS gateway are the manager's.
    except: ['blacklist.reveal', 'sms.gateway', 'oca.writeOff', 'oca.agentPayment'],
    // Asks for a receipt's void or refund; under four eyes (the default) a manager approves it
    // (`approval.check`, the manager's through the approval group) before anything is reversed.
    keys: [...BLACKLIST_KEYS, 'repayment.void', 'approval.requests', 'repayment.autopay', 'repayment.tipsList', 'repayment.process', 'repayment.bankReconciliation', 'repayment.bankReconciliation.post', 'repayment.list', 'repayment.processList', 'repayment.operation', 'reports.overdue', 'reports.currentlyOcaLoan', 'reports.collectorActivity', 'reports.promiseOutcomes', 'tools.calculator', 'masterdata.smsContent', 'masterdata.smsContent.update', 'collection.contacts', 'collection.log'],
  },
  accountant: {
    description: 'Accountant: payouts and every report; second person on rate, fee and active-period changes',
    allStores: false,
    groups: ['dashboard', 'payout', 'reports'],
    // Under four eyes a change of the rates, fees or active period the administrator asks for is
    // checked by the accountant (`approval.check` with the settings key), who sees it on the
    // Approvals page.
    keys: ['loan.list', 'loan.print', 'repayment.list', 'tools.calculator', 'system.settings', 'approval.check', 'approval.requests'],
  },
};

/** Demo staff: username → role and stores (by position in the demo stores; the first is the default). */
const DEMO_STAFF: { username: string; name: string; role: string; stores: number[]; level?: string }[] = [
  { username: 'manager', name: '陳經理', role: 'manager', stores: [0, 1, 2], level: 'Branch manager' },
  { username: 'clerk', name: '李文員', role: 'clerk', stores: [0], level: 'Clerk' },
  { username: 'collector', name: '張收數', role: 'collector', stores: [0, 1], level: 'Loan officer' },
  // The accountant approves nothing: no level.
  { username: 'accountant', name: '黃會計', role: 'accountant', stores: [0, 1, 2] },
];

/**
 * Demo application form layouts (Tools → application form builder): a mortgage is secured on
 * property, so its collateral section needs at least one entry; the other types keep the default.
 */
const DEMO_FORM_LAYOUT = ['first_mortgage', 'second_mortgage'].map((loanType) => ({ loanType, fieldKey: 'collaterals', shown: true, required: true, createdBy: 1 }));

/** Demo staff levels (spec §6): the owner's has no upper limit; the super admin holds it. */
const DEMO_LEVELS = [
  { nameZh: '文員', nameEn: 'Clerk', rank: 10, maxApprovedAmount: '0.00', unlimited: false, remarks: '可處理申請，不可批核貸款' },
  { nameZh: '信貸主任', nameEn: 'Loan officer', rank: 20, maxApprovedAmount: '100000.00', unlimited: false, remarks: null },
  { nameZh: '分店經理', nameEn: 'Branch manager', rank: 30, maxApprovedAmount: '500000.00', unlimited: false, remarks: null },
  { nameZh: '東主', nameEn: 'Owner', rank: 40, maxApprovedAmount: null, unlimited: true, remarks: '不設上限' },
];

/**
 * Demo blacklist (fictitious people), numbers in their stored normal form: one with a valid HKID
 * (K234567(6)) and a phone, one by phone only, one by a passport number and a mainland mobile.
 */
const DEMO_BLACKLIST = [
  { idNumber: 'K2345676', phone: '61234598', name: '黃大強', remarks: '偽造入息證明 (demo)' },
  { idNumber: null, phone: '98765432', name: '周志明', remarks: '多次逾期，拒絕聯絡 (demo)' },
  { idNumber: 'EA1234567', phone: '+8613800138000', name: 'Lam Ka Wai', remarks: '身份可疑 (demo)' },
];

/** Demo referral agents (spec §9: eight companies); fictitious names and numbers. */
const DEMO_REFERRAL_AGENTS = [
  { nameZh: '德興財務顧問有限公司', nameEn: 'Tak Hing Financial Consultants Limited', brNo: '60000101', contactName: '何德興', commissionKind: 'percent', commission: '2.00' },
  { nameZh: '匯豐達按揭轉介有限公司', nameEn: 'Wui Fung Tat Mortgage Referral Limited', brNo: '60000102', contactName: '梁志明', commissionKind: 'percent', commission: '1.50' },
  { nameZh: '金門信貸服務有限公司', nameEn: 'Golden Gate Credit Services Limited', brNo: '60000103', contactName: '陳美玲', commissionKind: 'fixed', commission: '3000.00' },
  { nameZh: '東昇商務中心', nameEn: 'Tung Sing Business Centre', brNo: '60000104', contactName: '黃家豪', commissionKind: 'fixed', commission: '1500.00' },
  { nameZh: '九龍灣財務策劃有限公司', nameEn: 'Kowloon Bay Financial Planning Limited', brNo: '60000105', contactName: '林嘉欣', commissionKind: 'percent', commission: '2.50' },
  { nameZh: '新港地產代理有限公司', nameEn: 'New Harbour Property Agency Limited', brNo: '60000106', contactName: '吳國強', commissionKind: 'percent', commission: '1.00' },
  { nameZh: '永利會計師事務所', nameEn: 'Wing Lee Accounting Services', brNo: '60000107', contactName: '鄭永利', commissionKind: 'fixed', commission: '2000.00' },
  { nameZh: '恒信保險顧問有限公司', nameEn: 'Hang Shun Insurance Consultants Limited', brNo: '60000108', contactName: '周秀英', commissionKind: 'percent', commission: '1.80' },
] as const;

const DEMO_STORES = [
  { nameZh: '旺角店', nameEn: 'Mong Kok', code: 'MK', address: '九龍旺角彌敦道 580 號', saleTel: '2388 1001', contactName: '陳經理', mobile: '9123 4501', sort: 1 },
  { nameZh: '觀塘店', nameEn: 'Kwun Tong', code: 'KT', address: '九龍觀塘道 388 號', saleTel: '2345 1002', contactName: '何主任', mobile: '9123 4502', sort: 2 },
  { nameZh: '荃灣店', nameEn: 'Tsuen Wan', code: 'TW', address: '新界荃灣沙咀道 68 號', saleTel: '2412 1003', contactName: '林主任', mobile: '9123 4503', sort: 3 },
];

/** The demo lender's particulars (fictitious licence and registration numbers). */
const DEMO_COMPANY = {
  nameZh: '海港財務有限公司',
  nameEn: 'Harbour Finance Limited',
  licenceNo: '0999/2025',
  brNo: '71234567',
  addressZh: '九龍旺角彌敦道 580 號 12 樓',
  addressEn: '12/F, 580 Nathan Road, Mong Kok, Kowloon',
  phone: '2388 1000',
  fax: '2388 1099',
  email: 'info@harbour-finance.example',
  website: 'https://harbour-finance.example',
  // a fictitious FPS ID: the papers print an FPS payment code with it
  fpsProxyType: 'fps-id',
  fpsProxyValue: '1234567',
  fpsMerchantName: 'Harbour Finance',
};

const DEMO_HOLIDAYS = [
  { date: '2026-01-01', nameZh: '一月一日', nameEn: 'The first day of January' },
  { date: '2026-02-17', nameZh: '農曆年初一', nameEn: 'Lunar New Year’s Day' },
  { date: '2026-02-18', nameZh: '農曆年初二', nameEn: 'The second day of Lunar New Year' },
  { date: '2026-02-19', nameZh: '農曆年初三', nameEn: 'The third day of Lunar New Year' },
  { date: '2026-04-03', nameZh: '耶穌受難節', nameEn: 'Good Friday' },
  { date: '2026-07-01', nameZh: '香港特別行政區成立紀念日', nameEn: 'HKSAR Establishment Day' },
  { date: '2026-10-01', nameZh: '國慶日', nameEn: 'National Day' },
  { date: '2026-12-25', nameZh: '聖誕節', nameEn: 'Christmas Day' },
];

/** Demo articles for the website: two published, one draft (content as the sanitiser keeps it). */
const DEMO_ARTICLES = [
  {
    title: '聖誕及新年假期辦公時間',
    date: '2026-12-15',
    summary: '各分行於 12 月 24 日及 31 日下午一時休息，12 月 25 日、26 日及 1 月 1 日暫停營業。',
    author: '海港財務',
    status: 'published',
    content:
      '<h2>假期辦公時間</h2><p>各分行於 <strong>12 月 24 日</strong>及 <strong>12 月 31 日</strong>下午一時休息，12 月 25 日、26 日及 1 月 1 日暫停營業。</p>' +
      '<ul><li><p>到期還款可於假期前辦理。</p></li><li><p>查詢請致電 2388 1000。</p></li></ul>',
  },
  {
    title: 'Beware of loan scams',
    date: '2026-11-02',
    summary: 'Harbour Finance never asks for an administration fee before a loan is paid out.',
    author: 'Harbour Finance',
    status: 'published',
    content:
      '<p>We <em>never</em> charge a fee before a loan is paid out, and we never ask for your bank passwords.</p>' +
      '<blockquote><p>Under the Money Lenders Ordinance a licensed money lender must give you a written note of the agreement.</p></blockquote>' +
      '<p>If in doubt, call us on 2388 1000 or read the <a href="https://www.cr.gov.hk/en/services/money-lenders.htm" rel="noopener noreferrer" target="_blank">Companies Registry\'s guidance</a>.</p>',
  },
  {
    title: '觀塘分行遷址通告',
    date: '2027-01-10',
    summary: '觀塘分行將遷往觀塘道 418 號，新址開業日期稍後公佈。',
    author: '海港財務',
    status: 'draft',
    content: '<p>觀塘分行將遷往<strong>觀塘道 418 號</strong>，新址開業日期稍後公佈。</p>',
  },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staff);
  return (row?.n ?? 0) === 0;
}

/** The embedded database's first start (`startDatabase`'s `seedEmpty`): the demo data on an empty database. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db);
  return true;
}

/**
 * Demo data for the embedded default on an empty database (and the test template): three stores,
 * the super admin (id 1), four roles, four staff with their levels, default settings, a few holidays,
 * the company's particulars, a few outside parties (eight referral agents), three articles (one a draft),
 * three blacklist entries, twelve customers, a dozen loans in every status before repayment
 * (`seed/loans.ts`) and eight website / app members (five linked to customers).
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const storeIds = await db.transaction(async (tx) => {
    const storeRows = await tx.insert(stores).values(DEMO_STORES).returning({ id: stores.id });
    const storeIds = storeRows.map((s) => s.id);
    await tx.insert(staff).values({
      id: 1,
      username: 'admin',
      name: '系統管理員',
      passwordHash,
      defaultStoreId: storeIds[0],
      introduction: 'Super administrator',
    });
    await tx.execute(sql`select setval(pg_get_serial_sequence('staff', 'id'), (select max(id) from staff))`);
    await tx.insert(staffStores).values(storeIds.map((storeId) => ({ staffId: 1, storeId })));

    const roleIds = new Map<string, number>();
    for (const [name, grant] of Object.entries(ROLE_GRANTS)) {
      const [r] = await tx.insert(roles).values({ name, description: grant.description, allStores: grant.allStores }).returning({ id: roles.id });
      roleIds.set(name, r!.id);
      const keys = PERMISSION_CATALOGUE.filter((p) => (grant.groups.includes(p.group) || grant.keys?.includes(p.key)) && !grant.except?.includes(p.key)).map((p) => p.key);
      if (keys.length) await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ roleId: r!.id, permissionKey })));
    }
    const levelRows = await tx.insert(staffLevels).values(DEMO_LEVELS).returning({ id: staffLevels.id, nameEn: staffLevels.nameEn });
    const levelId = (nameEn: string | undefined) => levelRows.find((l) => l.nameEn === nameEn)?.id ?? null;
    await tx.update(staff).set({ levelId: levelId('Owner') }).where(sql`id = 1`);
    for (const s of DEMO_STAFF) {
      const own = s.stores.map((i) => storeIds[i]!);
      const [row] = await tx
        .insert(staff)
        .values({ username: s.username, name: s.name, passwordHash, defaultStoreId: own[0], levelId: levelId(s.level), createdBy: 1 })
        .returning({ id: staff.id });
      await tx.insert(staffStores).values(own.map((storeId) => ({ staffId: row!.id, storeId, createdBy: 1 })));
      await tx.insert(staffRoles).values({ staffId: row!.id, roleId: roleIds.get(s.role)!, createdBy: 1 });
    }
    await tx
      .insert(settings)
      .values(Object.entries(DEFAULT_SYSTEM_SETTINGS).map(([key, value]) => ({ key, value: value as unknown })))
      .onConflictDoNothing();
    await tx.insert(holidays).values(DEMO_HOLIDAYS.map((h) => ({ ...h, kind: 'holiday' }))).onConflictDoNothing();
    await tx.insert(companyInfo).values(DEMO_COMPANY).onConflictDoNothing();
    await tx.insert(formLayoutFields).values(DEMO_FORM_LAYOUT).onConflictDoNothing();
    // A few outside parties, so the loan screens have something to pick (fictitious names).
    await tx.insert(banks).values([
      { nameZh: '港島商業銀行', nameEn: 'Island Commercial Bank', bankCode: '901', phone: '2111 0001' },
      { nameZh: '九龍信貸財務', nameEn: 'Kowloon Credit Finance', phone: '2111 0002' },
    ]);
    await tx.insert(solicitors).values([{ nameZh: '陳大文律師', nameEn: 'David Chan', firm: 'Chan & Partners', phone: '2111 0101' }]);
    await tx.insert(ocaAgents).values([
      { nameZh: '東方收數代理', nameEn: 'Eastern Collection Agency', chargePercent: '25.00', phone: '2111 0201' },
      { nameZh: '維港追收服務', nameEn: 'Harbour View Recovery Services', chargePercent: '30.00', phone: '2111 0202' },
    ]);
    await tx.insert(referralAgents).values(
      DEMO_REFERRAL_AGENTS.map((a, i) => ({
        ...a,
        phone: `2111 03${String(i + 1).padStart(2, '0')}`,
        email: `referrals@agent${i + 1}.example`,
        agreementStart: '2026-01-01',
        agreementEnd: '2026-12-31',
        noBorrowerFee: true,
        remarks: '示範資料 (demo)',
      })),
    );
    await tx.insert(articles).values(DEMO_ARTICLES);
    await tx.insert(blacklist).values(DEMO_BLACKLIST.map((b) => ({ ...b, createdBy: 1 })));
    await tx.insert(smsTemplates).values(DEMO_SMS_TEMPLATES);
    return storeIds;
  });
  // Through the customer and loan services (their own transactions): codes from the code format,
  // audit rows, and the payouts' journal entries.
  const customerIds = await seedDemoCustomers(db, storeIds);
  await seedDemoLoans(db, storeIds, customerIds);
  // What each repaying loan owes today, for the tips list and the reports (the daily job's first run).
  // Not the day's run: the date stays open for the schedule's (or a manager's) run.
  await runDailyServicing(db, { claim: false });
  await seedDemoMembers(db);
}
