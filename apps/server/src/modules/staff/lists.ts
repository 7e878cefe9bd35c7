import {
  AUTHENTICATED,
  allAdminsAnswerSchema,
  allAdminsQuerySchema,
  pageOf,
  staffInfoItemSchema,
  staffInfoQuerySchema,
  type StaffInfoQuery,
} from '@harbour/contracts';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import type { Language } from '@harbour/contracts';
import { roles, staff, staffLevels, staffRoles, staffStores, stores } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { staffFilterWhere } from './read.js';
import { staffInScope } from './scope.js';

/** `GET /admin/allAdmins`: id, name and username for pickers, within the caller's store scope. */
async function allAdmins(db: DbOrTx, auth: AuthContext, q: { keyword?: string | undefined; state?: 'normal' | 'forbidden' | undefined }) {
  const items = await db
    .select({ id: staff.id, name: staff.name, username: staff.username })
    .from(staff)
    .where(
      and(
        staffInScope({ auth }, db),
        q.state ? eq(staff.state, q.state) : undefined,
        q.keyword ? or(ilike(staff.name, likePattern(q.keyword)), ilike(staff.username, likePattern(q.keyword))) : undefined,
      ),
    )
    .orderBy(asc(staff.name), asc(staff.id));
  return { items };
}

const INFO_SORTS = { id: staff.id, username: staff.username, name: staff.name, state: staff.state, employmentDate: staff.employmentDate, lastLoginAt: staff.lastLoginAt };

/** `GET /staffInfo`: the staff summary (master data "staff information"): no personal numbers at all. */
async function staffInfo(db: DbOrTx, auth: AuthContext, lang: Language, q: StaffInfoQuery) {
  const where = and(
    staffFilterWhere(db, { auth }, { roleId: q.roleId, storeId: q.storeId, state: q.state }),
    q.keyword
      ? or(ilike(staff.name, likePattern(q.keyword)), ilike(staff.username, likePattern(q.keyword)), ilike(staff.staffNo, likePattern(q.keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ staff, level: staffLevels })
      .from(staff)
      .leftJoin(staffLevels, eq(staffLevels.id, staff.levelId))
      .where(where)
      .orderBy(...orderBy(q.sort, INFO_SORTS, 'id:asc', staff.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  const ids = rows.map((r) => r.staff.id);
  const [storeRows, roleRows] = ids.length
    ? await Promise.all([
        db.select({ staffId: staffStores.staffId, name: stores.nameZh }).from(staffStores).innerJoin(stores, eq(stores.id, staffStores.storeId)).where(inArray(staffStores.staffId, ids)).orderBy(stores.id),
        db.select({ staffId: staffRoles.staffId, name: roles.name }).from(staffRoles).innerJoin(roles, eq(roles.id, staffRoles.roleId)).where(inArray(staffRoles.staffId, ids)).orderBy(roles.id),
      ])
    : [[], []];
  const namesOf = (list: { staffId: number; name: string }[], id: number) => list.filter((r) => r.staffId === id).map((r) => r.name);
  const items = rows.map(({ staff: r, level }) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    staffNo: r.staffNo,
    state: r.state === 'forbidden' ? ('forbidden' as const) : ('normal' as const),
    storeNames: namesOf(storeRows, r.id),
    roleNames: namesOf(roleRows, r.id),
    level: level ? (lang === 'en' ? level.nameEn : level.nameZh) : null,
    maxApprovedAmount: level?.maxApprovedAmount ?? null,
    approvalUnlimited: level?.unlimited ?? false,
    employmentDate: r.employmentDate,
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
  }));
  return pageOfRows(items, total?.n ?? 0, q.page, q.pageSize);
}

export function staffListRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/admin/allAdmins',
    // A picker of names used by many forms (loan staff, access IP owner): any logged-in staff.
    permission: AUTHENTICATED,
    summary: 'Staff picker: id, name, username',
    tags: ['staff'],
    querystring: allAdminsQuerySchema,
    response: allAdminsAnswerSchema,
    handler: async (req) => allAdmins(req.server.db, req.auth!, req.query),
  });

  route(app, {
    method: 'GET',
    url: '/staffInfo',
    // One screen, two menu pages: Staff → staff list and Master data → staff information.
    permission: ['staff.list', 'masterdata.staffInfo'],
    summary: 'Staff summary list with filters',
    tags: ['staff'],
    querystring: staffInfoQuerySchema,
    response: pageOf(staffInfoItemSchema),
    handler: async (req) => staffInfo(req.server.db, req.auth!, req.lang, req.query),
  });
}
