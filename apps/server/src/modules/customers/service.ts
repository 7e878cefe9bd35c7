import {
  CUSTOMER_PERMISSIONS,
  ErrorStatus,
  HKID_ID_TYPE,
  idNumberOf,
  type CustomerCreate,
  type CustomerFilters,
  type CustomerItem,
  type CustomerUpdate,
  type CustomerWarning,
  type customerResource,
  type ListStatus,
  type OptionCategory,
  type RevealableCustomerField,
  type SmsLanguage,
  defaultSmsLanguage,
} from '@harbour/contracts';
import { and, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { classifySearch, phonePart } from '@harbour/domain';
import { phonePartMatch } from '../loan-core/read.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { customers, smsPreferences, stores } from '../../db/schema/index.js';
import { AppError, businessRule, fieldError, notFound } from '../../platform/errors.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { takeCode } from '../../platform/codes.js';
import type { ServiceContext } from '../../platform/context.js';
import { maskedForAudit, maskingFor, type Masking } from '../../platform/masking.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { currentStore, reachesAllStores } from '../../platform/store-scope.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { LOOKUP_AREAS, assertNumberLookupAllowed, guardNumberLookup, numberFilter, numberInText, recordNumberLookup } from '../../platform/number-lookup.js';
import { assertOption } from '../options/service.js';
import { listCustomerNumbers, unlistCustomerNumbers } from '../blacklist/customer-link.js';
import { blacklistHits } from '../blacklist/index.js';
import { translate } from '../../http/i18n.js';

export type CustomerRow = typeof customers.$inferSelect;

/** Customer writes take this transaction lock, so two requests cannot both pass the duplicate checks. */
const CUSTOMER_WRITE_LOCK = 0x5ea_0c01;
const MODULE = 'customers';

/** The personal numbers answers and audit rows carry masked. */
const MASKED_FIELDS = ['idNumber', 'mobile1', 'mobile2', 'mobile3', 'homeNo'] as const satisfies readonly RevealableCustomerField[];
const auditCopy = (row: CustomerRow) => maskedForAudit(row, MASKED_FIELDS);
/** The store whose staff see the audit row besides all-stores staff: where the customer was registered. */
const recordStoresOf = (row: CustomerRow) => (row.registeredStoreId === null ? null : [row.registeredStoreId]);

const customerMasking = (db: DbOrTx, ctx: ServiceContext) => maskingFor(db, ctx.auth, CUSTOMER_PERMISSIONS.reveal);

/** The customer's SMS preference row (opt-out, language), when saved. */
type SmsPreference = { optedOut: boolean; language: string } | null;
const smsPreferenceColumns = { optedOut: smsPreferences.optedOut, language: smsPreferences.language };

function toItem(row: CustomerRow, storeName: string | null, masking: Masking, sms: SmsPreference): CustomerItem {
  const { show } = masking;
  return {
    id: row.id,
    customerCode: row.customerCode,
    type: row.type === 'company' ? 'company' : 'personal',
    name: row.name,
    englishName: row.englishName,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
    dateOfBirth: row.dateOfBirth,
    idType: row.idType,
    idNumber: show(row.idNumber)!,
    mobile1: show(row.mobile1)!,
    mobile2: show(row.mobile2),
    mobile3: show(row.mobile3),
    homeNo: show(row.homeNo),
    masked: true,
    canReveal: masking.canReveal,
    email: row.email,
    marital: row.marital,
    education: row.education,
    residentialType: row.residentialType,
    source: row.source,
    residentialAddress: row.residentialAddress,
    mailingAddress: row.mailingAddress,
    livingFrom: row.livingFrom,
    occupyWith: row.occupyWith,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    officeNo: row.officeNo,
    directLine: row.directLine,
    fax: row.fax,
    career: row.career,
    department: row.department,
    position: row.position,
    employmentType: row.employmentType,
    workFrom: row.workFrom,
    salary: row.salary,
    incomeProof: row.incomeProof,
    listStatus: row.listStatus === 'black' ? 'black' : 'white',
    listStatusReason: row.listStatusReason,
    smsOptedOut: sms?.optedOut ?? false,
    smsLanguage: (sms?.language as SmsLanguage | undefined) ?? defaultSmsLanguage(row.name),
    remarks: row.remarks,
    registeredStoreId: row.registeredStoreId,
    registeredStoreName: storeName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const storeName = (ctx: ServiceContext) => (ctx.lang === 'en' ? stores.nameEn : stores.nameZh);

/**
 * The customers a search by number may find (issue 26: the answer of a one-store caller never
 * depends on other stores' customers). A caller who reaches every store finds any; anyone else
 * only the customers linked to their current store: registered there, or the borrower or a
 * partaker (guarantor, joint applicant…) of an application or loan of that store. Names and codes
 * still find any customer (the register is company-wide); only a number is answered this narrowly.
 */
export function customerNumberScope(ctx: ServiceContext): SQL | undefined {
  if (reachesAllStores(ctx)) return undefined;
  const store = currentStore(ctx);
  return or(
    eq(customers.registeredStoreId, store),
    sql`exists (select 1 from loans l where l.customer_id = ${customers.id} and l.store_id = ${store})`,
    sql`exists (select 1 from loan_partakers p where p.customer_id = ${customers.id} and p.store_id = ${store})`,
  );
}

const phoneMatch = (phone: string) => or(eq(customers.mobile1, phone), eq(customers.mobile2, phone), eq(customers.mobile3, phone));

/**
 * The search box (the loan form's customer picker, the navbar's global search): a whole ID number
 * or phone (among `customerNumberScope`'s customers), or part of a name or code, or part of a phone
 * (`phonePart`: 4–7 digits, among `customerNumberScope`'s customers too). The caller has
 * passed the number lookup guard (`searchNumbers`) first.
 */
export function customerSearchWhere(ctx: ServiceContext, text: string): SQL | undefined {
  const s = classifySearch(text);
  if (s.kind === 'idNumber') return and(eq(customers.idNumber, s.value), customerNumberScope(ctx));
  if (s.kind === 'phone') return and(phoneMatch(s.value), customerNumberScope(ctx));
  const p = likePattern(s.value);
  const part = phonePart(text);
  return or(ilike(customers.name, p), ilike(customers.englishName, p), ilike(customers.customerCode, p), part ? and(phonePartMatch(part), customerNumberScope(ctx)) : undefined);
}

/** The numbers a Persona list query searches by (its `q` when it is a number, its ID number and phone filters). */
export const searchNumbers = (q: Pick<CustomerFilters, 'q' | 'idNumber' | 'phone'>) => [
  numberInText('q', q.q),
  numberFilter('idNumber', q.idNumber),
  numberFilter('phone', q.phone),
];

/** The filters of the Persona list. ID number and phone match whole (normalised) numbers only. */
function filterWhere(ctx: ServiceContext, q: Omit<CustomerFilters, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  return and(
    q.q ? customerSearchWhere(ctx, q.q) : undefined,
    q.name ? or(ilike(customers.name, likePattern(q.name)), ilike(customers.englishName, likePattern(q.name))) : undefined,
    q.customerCode ? ilike(customers.customerCode, likePattern(q.customerCode)) : undefined,
    q.idNumber ? and(eq(customers.idNumber, q.idNumber), customerNumberScope(ctx)) : undefined,
    q.phone ? and(phoneMatch(q.phone), customerNumberScope(ctx)) : undefined,
    q.type ? eq(customers.type, q.type) : undefined,
    q.listStatus ? eq(customers.listStatus, q.listStatus) : undefined,
    q.registeredStoreId ? eq(customers.registeredStoreId, q.registeredStoreId) : undefined,
  );
}

const SORTS = {
  id: customers.id,
  customerCode: customers.customerCode,
  name: customers.name,
  englishName: customers.englishName,
  type: customers.type,
  listStatus: customers.listStatus,
  createdAt: customers.createdAt,
};

export async function listCustomers(ctx: ServiceContext, q: CustomerFilters) {
  await guardNumberLookup(ctx, LOOKUP_AREAS.customers, 'GET /customers', searchNumbers(q));
  // A read transaction: the store scope of `customerNumberScope`'s loans is row-level security's.
  return withReadTx(ctx, async (tx) => {
    const rows = await tx
      .select({ row: customers, storeName: storeName(ctx), sms: smsPreferenceColumns, total: totalCount })
      .from(customers)
      .leftJoin(stores, eq(stores.id, customers.registeredStoreId))
      .leftJoin(smsPreferences, eq(smsPreferences.customerId, customers.id))
      .where(filterWhere(ctx, q))
      .orderBy(...orderBy(q.sort, SORTS, 'createdAt:desc', customers.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize));
    const masking = await customerMasking(tx, ctx);
    return pageOfRows(
      rows.map((r) => toItem(r.row, r.storeName, masking, r.sms)),
      rows[0]?.total ?? 0,
      q.page,
      q.pageSize,
    );
  });
}

async function findCustomer(db: DbOrTx, id: number, forUpdate = false): Promise<CustomerRow> {
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function itemOf(db: DbOrTx, ctx: ServiceContext, row: CustomerRow, warnings?: CustomerWarning[]): Promise<CustomerItem> {
  const [store] = row.registeredStoreId === null ? [] : await db.select({ name: storeName(ctx) }).from(stores).where(eq(stores.id, row.registeredStoreId));
  const [sms] = await db.select(smsPreferenceColumns).from(smsPreferences).where(eq(smsPreferences.customerId, row.id));
  const item = toItem(row, store?.name ?? null, await customerMasking(db, ctx), sms ?? null);
  return warnings ? { ...item, warnings } : item;
}

export async function getCustomer(ctx: ServiceContext, id: number): Promise<CustomerItem> {
  return itemOf(ctx.db, ctx, await findCustomer(ctx.db, id));
}

const OPTION_FIELDS = [
  ['idType', 'idType'],
  ['marital', 'marital'],
  ['education', 'education'],
  ['residentialType', 'residentialType'],
  ['source', 'source'],
] as const satisfies readonly (readonly [keyof CustomerCreate, OptionCategory])[];

/** Every option field names an enabled option of its list; a value the record already has stays allowed. */
async function checkOptions(tx: Tx, input: CustomerCreate | CustomerUpdate, before: CustomerRow | null) {
  for (const [field, category] of OPTION_FIELDS) {
    const code = input[field];
    if (code === null || (before !== null && before[field] === code)) continue;
    await assertOption(tx, category, { code }, field);
  }
}

const conflictOn = (code: string, field: string) => new AppError(409, ErrorStatus.Conflict, code, {}, [{ field, message: code }]);

/**
 * The customer's numbers on the blacklist (issue 26: the blacklist wherever it matters): one warning
 * per number that is on it (the entry's name, never the number), and the reason the customer is
 * marked black with — the entries' own remarks.
 */
async function blacklistMatches(tx: Tx, values: Pick<CustomerRow, 'idNumber' | 'mobile1' | 'mobile2' | 'mobile3'>) {
  const warnings: CustomerWarning[] = [];
  const reasons = new Set<string>();
  const fields = [['idNumber', values.idNumber], ['mobile1', values.mobile1], ['mobile2', values.mobile2], ['mobile3', values.mobile3]] as const;
  for (const [field, value] of fields) {
    if (!value) continue;
    const hits = await blacklistHits(tx, field === 'idNumber' ? { idNumbers: [value], phones: [] } : { idNumbers: [], phones: [value] });
    for (const h of hits) {
      warnings.push({ field, message: 'customers.onBlacklist', customerCode: '', name: h.name });
      reasons.add(h.name);
    }
  }
  return { warnings, names: [...reasons].join(', ') };
}

/**
 * A customer whose number is on the blacklist is marked black when saved (and its numbers kept on
 * the register), with the reason in the user's language; the answer warns the clerk. The save's
 * own audit row shows the mark. The warning says a number is listed: `checkDuplicates` has counted
 * the save as a number lookup before it (refused past the limit of either area).
 */
async function markIfBlacklisted(tx: Tx, ctx: ServiceContext, row: CustomerRow): Promise<{ row: CustomerRow; warnings: CustomerWarning[] }> {
  const { warnings, names } = await blacklistMatches(tx, row);
  if (warnings.length === 0 || row.listStatus === 'black') return { row, warnings };
  const reason = translate(ctx.lang, 'customers.blacklistMatched', { names }).slice(0, 500);
  const [marked] = await tx.update(customers).set({ listStatus: 'black', listStatusReason: reason }).where(eq(customers.id, row.id)).returning();
  await listCustomerNumbers(tx, marked!, reason, ctx.auth?.staffId ?? null);
  return { row: marked!, warnings };
}

type Numbers = Pick<CustomerRow, 'idType' | 'idNumber' | 'mobile1' | 'mobile2' | 'mobile3'>;

/**
 * Spec §5: one customer per ID type + number (409 "ID number already used"); a mobile another
 * customer has is said (answer `warnings`, with that customer's code and name, never the number),
 * not refused — family members share phones.
 *
 * Both answers say something about a number, and so does the blacklist warning the save answers
 * after (`markIfBlacklisted`), so the save is a number lookup (`platform/number-lookup.ts`): a
 * caller past the hour's limit (of either area, customers or blacklist) is refused before any
 * number is compared (whatever the numbers — the refusal tells nothing); every save that sets or
 * changes a number counts as ONE lookup naming the numbers it checked, whatever it found (counting
 * only the hits would leave the misses free, and a miss answers as much as a hit); and a shared
 * mobile names only a customer the caller could find by that number (`customerNumberScope`).
 * Only numbers that change are checked as lookups (`changed`). The ID number is one per company
 * (spec §5), so its refusal is the one answer that may name another store's customer's number as
 * taken: it is counted like every other.
 */
async function checkDuplicates(tx: Tx, ctx: ServiceContext, route: string, values: Numbers, selfId: number | null, changed: (keyof Numbers)[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_WRITE_LOCK})`);
  const numbersChange = changed.some((f) => f !== 'idType');
  if (numbersChange) {
    await assertNumberLookupAllowed(tx, ctx, LOOKUP_AREAS.customers);
    await assertNumberLookupAllowed(tx, ctx, LOOKUP_AREAS.blacklist);
  }
  await recordNumberLookup(ctx, LOOKUP_AREAS.customers, route, checkedNumbers(values, changed));
  const others = selfId === null ? undefined : ne(customers.id, selfId);
  const [sameId] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.idType, values.idType), eq(customers.idNumber, values.idNumber), others));
  if (sameId) throw conflictOn('customers.idNumberUsed', 'idNumber');
  const mobiles = [values.mobile1, values.mobile2, values.mobile3].filter((m): m is string => m !== null);
  const clashes = await tx
    .select({ customerCode: customers.customerCode, name: customers.name, mobile1: customers.mobile1, mobile2: customers.mobile2, mobile3: customers.mobile3 })
    .from(customers)
    .where(and(or(inArray(customers.mobile1, mobiles), inArray(customers.mobile2, mobiles), inArray(customers.mobile3, mobiles)), others, customerNumberScope(ctx)))
    .orderBy(customers.customerCode)
    .limit(10);
  const warnings: CustomerWarning[] = [];
  for (const field of ['mobile1', 'mobile2', 'mobile3'] as const) {
    const m = values[field];
    if (m === null) continue;
    for (const c of clashes) {
      if ([c.mobile1, c.mobile2, c.mobile3].includes(m)) warnings.push({ field, message: 'customers.mobileUsed', customerCode: c.customerCode, name: c.name });
    }
  }
  return warnings;
}

/** The numbers a save checks as a lookup: its ID number and mobiles that change (each mobile once). */
function checkedNumbers(values: Numbers, changed: (keyof Numbers)[]) {
  const phones = new Set((['mobile1', 'mobile2', 'mobile3'] as const).filter((f) => changed.includes(f)).map((f) => values[f]).filter((m): m is string => m !== null));
  const idChecked = changed.includes('idNumber') || changed.includes('idType');
  return [idChecked ? numberFilter('idNumber', values.idNumber) : null, ...[...phones].map((m) => numberFilter('phone', m))];
}

/** The columns an input sets (create and update share them). */
export const profileColumns = (input: Omit<CustomerCreate, 'idNumber' | 'mobile1' | 'mobile2' | 'mobile3' | 'homeNo'>) => ({
  type: input.type,
  name: input.name,
  englishName: input.englishName,
  gender: input.gender,
  dateOfBirth: input.dateOfBirth,
  idType: input.idType,
  email: input.email,
  marital: input.marital,
  education: input.education,
  residentialType: input.residentialType,
  source: input.source,
  residentialAddress: input.residentialAddress,
  mailingAddress: input.mailingAddress,
  livingFrom: input.livingFrom,
  occupyWith: input.occupyWith,
  companyName: input.companyName,
  companyAddress: input.companyAddress,
  officeNo: input.officeNo,
  directLine: input.directLine,
  fax: input.fax,
  career: input.career,
  department: input.department,
  position: input.position,
  employmentType: input.employmentType,
  workFrom: input.workFrom,
  salary: input.salary,
  incomeProof: input.incomeProof,
  remarks: input.remarks,
});

export async function createCustomer(tx: Tx, ctx: ServiceContext, input: CustomerCreate): Promise<CustomerItem> {
  await checkOptions(tx, input, null);
  const numbers = { idType: input.idType, idNumber: input.idNumber, mobile1: input.mobile1, mobile2: input.mobile2, mobile3: input.mobile3 };
  const warnings = await checkDuplicates(tx, ctx, 'POST /customers', numbers, null, ['idNumber', 'mobile1', 'mobile2', 'mobile3']);
  const storeId = currentStore(ctx);
  // Late, just before the insert: the counter stays locked until this transaction ends.
  const customerCode = await takeCode(tx, 'customerCode', { storeId, date: await businessToday(tx) });
  const [sameCode] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.customerCode, customerCode));
  if (sameCode) throw conflictOn('customers.codeUsed', 'customerCode');
  const staffId = ctx.auth?.staffId ?? null;
  const [row] = await tx
    .insert(customers)
    .values({ ...profileColumns(input), ...numbers, homeNo: input.homeNo, customerCode, registeredStoreId: storeId, createdBy: staffId, updatedBy: staffId })
    .returning();
  const checked = await markIfBlacklisted(tx, ctx, row!);
  await audit(tx, { action: 'add', module: MODULE, reference: row!.id, after: auditCopy(checked.row), recordStores: recordStoresOf(checked.row) });
  return itemOf(tx, ctx, checked.row, [...warnings, ...checked.warnings]);
}

export async function updateCustomer(tx: Tx, ctx: ServiceContext, id: number, input: CustomerUpdate): Promise<CustomerItem> {
  const before = await findCustomer(tx, id, true);
  // anonymised by the retention job: nothing of the person is left to correct
  if (before.anonymisedOn) throw businessRule('customers.anonymised', { date: before.anonymisedOn });
  await checkOptions(tx, input, before);
  // Left out (or sent back masked) = unchanged; a kept number must still suit a changed ID type.
  let idNumber = input.idNumber;
  if (idNumber === undefined) {
    const kept = idNumberOf(input.idType, before.idNumber);
    if (!kept.ok) throw fieldError('idNumber', kept.message);
    idNumber = kept.value;
  }
  const numbers = {
    idType: input.idType,
    idNumber,
    mobile1: input.mobile1 ?? before.mobile1,
    mobile2: input.mobile2 === undefined ? before.mobile2 : input.mobile2,
    mobile3: input.mobile3 === undefined ? before.mobile3 : input.mobile3,
  };
  const changed = (['idType', 'idNumber', 'mobile1', 'mobile2', 'mobile3'] as const).filter((f) => numbers[f] !== before[f]);
  const warnings = await checkDuplicates(tx, ctx, `PUT /customers/${id}`, numbers, id, changed);
  const [row] = await tx
    .update(customers)
    .set({
      ...profileColumns(input),
      ...numbers,
      homeNo: input.homeNo === undefined ? before.homeNo : input.homeNo,
      updatedAt: new Date(),
      updatedBy: ctx.auth?.staffId ?? null,
    })
    .where(eq(customers.id, id))
    .returning();
  const checked = await markIfBlacklisted(tx, ctx, row!);
  await audit(tx, { action: 'edit', module: MODULE, reference: id, before: auditCopy(before), after: auditCopy(checked.row), recordStores: recordStoresOf(checked.row) });
  return itemOf(tx, ctx, checked.row, [...warnings, ...checked.warnings]);
}

/**
 * Black or white list a customer (spec §4 "Customer list: black or white", with the reason). The
 * one place the status changes, so the blacklist register can be kept in step from here.
 */
export async function setListStatus(tx: Tx, ctx: ServiceContext, id: number, status: ListStatus, reason: string): Promise<CustomerItem> {
  const before = await findCustomer(tx, id, true);
  if (before.listStatus === status) throw businessRule(status === 'black' ? 'customers.alreadyBlack' : 'customers.alreadyWhite');
  const [row] = await tx
    .update(customers)
    .set({ listStatus: status, listStatusReason: reason, updatedAt: new Date(), updatedBy: ctx.auth?.staffId ?? null })
    .where(eq(customers.id, id))
    .returning();
  // The blacklist holds the numbers of a black customer, so an application naming them is caught.
  const by = ctx.auth?.staffId ?? null;
  const blacklistEntries = status === 'black' ? [await listCustomerNumbers(tx, row!, reason, by)].filter((e) => e !== null) : await unlistCustomerNumbers(tx, id);
  await audit(tx, {
    action: 'edit',
    module: MODULE,
    reference: id,
    before: { listStatus: before.listStatus, listStatusReason: before.listStatusReason },
    after: { listStatus: status, listStatusReason: reason, [status === 'black' ? 'blacklistEntries' : 'removedBlacklistEntries']: blacklistEntries },
    recordStores: recordStoresOf(row!),
  });
  return itemOf(tx, ctx, row!);
}

/** An HKID as people write it: `A1234563` → `A123456(3)`. */
export const hkidShown = (n: string) => `${n.slice(0, -1)}(${n.slice(-1)})`;

/** The whole value of a masked field, for holders of `persona.reveal`; every reveal is logged. */
export async function revealCustomerField(tx: Tx, id: number, field: RevealableCustomerField) {
  const row = await findCustomer(tx, id);
  await audit(tx, { action: 'reveal', module: MODULE, reference: id, after: { field }, recordStores: recordStoresOf(row) });
  const value = field === 'idNumber' && row.idType === HKID_ID_TYPE ? hkidShown(row.idNumber) : row[field];
  return { field, value };
}

/**
 * Customers (the Persona list): company-wide records, so no store scope — any branch serves any
 * customer, and the duplicate checks tell nothing the caller could not list anyway.
 */
export const customerService: ResourceService<typeof customerResource> = {
  list: listCustomers,
  get: getCustomer,
  create: (ctx, input) => withTx(ctx, (tx) => createCustomer(tx, ctx, input)),
  update: (ctx, id, input) => withTx(ctx, (tx) => updateCustomer(tx, ctx, id, input)),
  actions: {
    reveal: (ctx, id, body) => withTx(ctx, (tx) => revealCustomerField(tx, id, body.field)),
    blacklist: (ctx, id, body) => withTx(ctx, (tx) => setListStatus(tx, ctx, id, 'black', body.reason)),
    whitelist: (ctx, id, body) => withTx(ctx, (tx) => setListStatus(tx, ctx, id, 'white', body.reason)),
  },
};
