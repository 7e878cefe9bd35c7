/**
 * Master data → company information: the lender's particulars (one row), read by any part of the
 * server and saved with one audit row holding the record before and after.
 */
import { EMPTY_COMPANY_INFO, type CompanyInfo, type CompanyInfoUpdate, type CompanyPublic } from '@harbour/contracts';
import { FPS_PROXY_TYPES } from '@harbour/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { companyInfo } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { withTx } from '../../platform/tx.js';

const ROW_ID = 1;
type Row = typeof companyInfo.$inferSelect;

const toItem = (row: Row | undefined): CompanyInfo =>
  row
    ? {
        nameZh: row.nameZh,
        nameEn: row.nameEn,
        licenceNo: row.licenceNo,
        brNo: row.brNo,
        addressZh: row.addressZh,
        addressEn: row.addressEn,
        phone: row.phone,
        fax: row.fax,
        email: row.email,
        website: row.website,
        fpsProxyType: FPS_PROXY_TYPES.find((t) => t === row.fpsProxyType) ?? null,
        fpsProxyValue: row.fpsProxyValue,
        fpsMerchantName: row.fpsMerchantName,
        logoUrl: row.logo,
        updatedAt: row.updatedAt.toISOString(),
      }
    : EMPTY_COMPANY_INFO;

/** The particulars; a fresh installation that never saved them reads as empty texts. */
export async function readCompanyInfo(db: DbOrTx): Promise<CompanyInfo> {
  const [row] = await db.select().from(companyInfo).where(eq(companyInfo.id, ROW_ID));
  return toItem(row);
}

/** Names and logo only: what the login page may show before anyone signs in. */
export async function readCompanyPublic(db: DbOrTx): Promise<CompanyPublic> {
  const { nameZh, nameEn, logoUrl } = await readCompanyInfo(db);
  return { nameZh, nameEn, logoUrl };
}

/** The audited copy of a record: its fields without the timestamps. */
const auditCopy = (info: CompanyInfo) => {
  const { updatedAt: _updatedAt, ...rest } = info;
  return rest;
};

async function lockedRow(tx: Tx): Promise<Row | undefined> {
  const [row] = await tx.select().from(companyInfo).where(eq(companyInfo.id, ROW_ID)).for('update');
  return row;
}

/** Saves the particulars (creating the row on the first save); one `edit` audit row. */
export function updateCompanyInfo(ctx: ServiceContext, input: CompanyInfoUpdate): Promise<CompanyInfo> {
  return withTx(ctx, async (tx) => {
    const row = await lockedRow(tx);
    const before = toItem(row);
    const values = { ...input, updatedAt: new Date() };
    const [saved] = await tx
      .insert(companyInfo)
      .values({ id: ROW_ID, ...values, createdBy: ctx.auth?.staffId ?? null })
      .onConflictDoUpdate({ target: companyInfo.id, set: values })
      .returning();
    const after = toItem(saved);
    await audit(tx, { action: 'edit', module: 'companyInfo', reference: ROW_ID, before: row ? auditCopy(before) : null, after: auditCopy(after) });
    return after;
  });
}

/**
 * Points the record at a newly stored logo; answers the record and the URL of the logo it
 * replaced (for the caller to remove its file). The particulars must have been saved first.
 */
export function setCompanyLogo(ctx: ServiceContext, url: string): Promise<{ info: CompanyInfo; previous: string | null }> {
  return withTx(ctx, async (tx) => {
    const row = await lockedRow(tx);
    const [saved] = await tx
      .insert(companyInfo)
      .values({ id: ROW_ID, nameZh: '', nameEn: '', licenceNo: '', logo: url, createdBy: ctx.auth?.staffId ?? null })
      .onConflictDoUpdate({ target: companyInfo.id, set: { logo: url, updatedAt: new Date() } })
      .returning();
    await audit(tx, { action: 'upload', module: 'companyInfo', reference: ROW_ID, before: { logo: row?.logo ?? null }, after: { logo: url } });
    return { info: toItem(saved), previous: row?.logo ?? null };
  });
}
