import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customers, members } from '../db/schema/index.js';

const DAY = 86_400_000;

/**
 * Demo members (fictitious website and app accounts): five linked to demo customers (by customer
 * code), three not linked yet, one disabled. Registration and last login lie some days before the
 * seeding, so the date filters and sorting have something to show.
 */
const DEMO_MEMBERS = [
  { loginType: 'mobile', loginName: '91234501', displayName: '陳志明', preferredLanguage: 'zh-TW', source: 'app', customer: 'C000001', registered: 120, lastLogin: 2 },
  { loginType: 'email', loginName: 'meiling.lee@example.com', displayName: 'Mei Ling Lee', preferredLanguage: 'en', source: 'website', customer: 'C000002', registered: 90, lastLogin: 5 },
  { loginType: 'mobile', loginName: '65678404', displayName: '張小燕', preferredLanguage: 'zh-TW', source: 'app', customer: 'C000004', registered: 60, lastLogin: 1 },
  { loginType: 'email', loginName: 'wingsze.ho@example.com', displayName: 'Wing Sze', preferredLanguage: 'en', source: 'website', customer: 'C000006', registered: 45, lastLogin: 10 },
  { loginType: 'mobile', loginName: '98901707', displayName: '周先生', preferredLanguage: 'zh-TW', source: 'app', customer: 'C000007', registered: 200, lastLogin: 150, disabled: '客戶已列入黑名單，暫停網上帳戶 (demo)' },
  { loginType: 'mobile', loginName: '61239876', displayName: '小明', preferredLanguage: 'zh-CN', source: 'app', customer: null, registered: 7, lastLogin: 7 },
  { loginType: 'email', loginName: 'kelvin.tsang@example.com', displayName: 'Kelvin Tsang', preferredLanguage: 'en', source: 'website', customer: null, registered: 3, lastLogin: null },
  { loginType: 'mobile', loginName: '55501234', displayName: '黃太', preferredLanguage: 'zh-TW', source: 'website', customer: null, registered: 20, lastLogin: 12 },
] as const;

/** Adds the demo members after the demo customers (links are by customer code). */
export async function seedDemoMembers(db: Db): Promise<void> {
  const codes = DEMO_MEMBERS.flatMap((m) => (m.customer ? [m.customer] : []));
  const found = await db.select({ id: customers.id, code: customers.customerCode }).from(customers).where(inArray(customers.customerCode, codes));
  const idOf = new Map(found.map((c) => [c.code, c.id]));
  const now = Date.now();
  await db.insert(members).values(
    DEMO_MEMBERS.map((m) => ({
      loginType: m.loginType,
      loginName: m.loginName,
      displayName: m.displayName,
      preferredLanguage: m.preferredLanguage,
      source: m.source,
      status: 'disabled' in m ? 'disabled' : 'active',
      statusReason: 'disabled' in m ? m.disabled : null,
      registeredAt: new Date(now - m.registered * DAY),
      lastLoginAt: m.lastLogin === null ? null : new Date(now - m.lastLogin * DAY),
      customerId: m.customer ? (idOf.get(m.customer) ?? null) : null,
    })),
  );
}
