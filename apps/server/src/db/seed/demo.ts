import { CUSTOMER_OPTION_PERMISSIONS, DEFAULT_SYSTEM_SETTINGS, LOAN_OPTION_PERMISSIONS, PERMISSION_CATALOGUE } from '@harbour/contracts';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { banks, companyInfo, holidays, ocaAgents, referralAgents, rolePermissions, roles, settings, solicitors, staff, staffLevels, staffRoles, staffStores, stores } from '../schema/index.js';
import { hashPassword } from '../../platform/passwords.js';

export const DEMO_PASSWORD = 'demo1234';

/** The option lists' keys other than viewing (the administrator keeps them). */
const OPTION_EDIT_KEYS = [CUSTOMER_OPTION_PERMISSIONS, LOAN_OPTION_PERMISSIONS].flatMap((p) => [p.create, p.update, p.delete, p.state]);

/** The demo roles and what they may do, by permission group (and single keys), less `except`. */
const ROLE_GRANTS: Record<string, { description: string; allStores: boolean; groups: string[]; keys?: string[]; except?: string[] }> = {
  manager: {
    description: 'Store manager: every business screen, all stores',
    allStores: true,
    groups: ['dashboard', 'loan', 'repayment', 'oca', 'blacklist', 'sms', 'approval', 'payout', 'reports', 'masterdata', 'tools', 'stores', 'staff', 'persona', 'member', 'article'],
    keys: ['system.loginList'],
    // The option lists feed every customer and loan form: managers view them, the administrator edits.
    except: OPTION_EDIT_KEYS,
  },
  clerk: {
    description: 'Loan clerk: applications, repayments and tools in the own store',
    allStores: false,
    groups: ['dashboard', 'loan', 'repayment', 'blacklist', 'tools'],
    // Submitting despite a blacklist hit is a manager's decision.
    except: ['loan.blacklistOverride'],
  },
  collector: {
    description: 'Collector: overdue repayments, write-off and SMS reminders',
    allStores: false,
    groups: ['dashboard', 'oca', 'sms', 'blacklist'],
    keys: ['repayment.tipsList', 'repayment.list', 'reports.overdue', 'reports.currentlyOcaLoan', 'tools.calculator'],
  },
  accountant: {
    description: 'Accountant: payouts and every report',
    allStores: false,
    groups: ['dashboard', 'payout', 'reports'],
    keys: ['loan.list', 'repayment.list', 'tools.calculator'],
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

/** Demo staff levels (spec §6): the owner's has no upper limit; the super admin holds it. */
const DEMO_LEVELS = [
  { nameZh: '文員', nameEn: 'Clerk', rank: 10, maxApprovedAmount: '0.00', unlimited: false, remarks: '可處理申請，不可批核貸款' },
  { nameZh: '信貸主任', nameEn: 'Loan officer', rank: 20, maxApprovedAmount: '100000.00', unlimited: false, remarks: null },
  { nameZh: '分店經理', nameEn: 'Branch manager', rank: 30, maxApprovedAmount: '500000.00', unlimited: false, remarks: null },
  { nameZh: '東主', nameEn: 'Owner', rank: 40, maxApprovedAmount: null, unlimited: true, remarks: '不設上限' },
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

/**
 * Demo customers for the loan screens (adult, personal, valid HKIDs). Stand-ins until the
 * customer register's own demo data arrives: written with SQL so that seed can replace them.
 */
const DEMO_LOAN_CUSTOMERS = [
  { code: 'DEMO-C0001', name: '陳大文', englishName: 'CHAN Tai Man', idNumber: 'K2345676', mobile1: '61234501', dateOfBirth: '1980-05-01' },
  { code: 'DEMO-C0002', name: '李小芳', englishName: 'LEE Siu Fong', idNumber: 'P3456785', mobile1: '61234502', dateOfBirth: '1985-09-12' },
  { code: 'DEMO-C0003', name: '王志明', englishName: 'WONG Chi Ming', idNumber: 'E4567890', mobile1: '61234503', dateOfBirth: '1975-02-28' },
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

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staff);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data for the embedded default on an empty database (and the test template): three stores,
 * the super admin (id 1), four roles, four staff with their levels, default settings, a few holidays,
 * the company's particulars and a few outside parties (eight referral agents).
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
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
    for (const c of DEMO_LOAN_CUSTOMERS) {
      await tx.execute(
        sql`insert into customers (customer_code, type, name, english_name, id_type, id_number, mobile1, date_of_birth, list_status, registered_store_id)
            values (${c.code}, 'personal', ${c.name}, ${c.englishName}, 'hkid', ${c.idNumber}, ${c.mobile1}, ${c.dateOfBirth}, 'white', ${storeIds[0]!})
            on conflict do nothing`,
      );
    }
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
  });
}
