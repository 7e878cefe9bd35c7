/**
 * Tools → application form builder: per loan type, which optional fields of the application form
 * are shown and required (`APPLICATION_FORM_FIELDS` of the contracts). Read by the builder, the
 * loan form and the printed form; obeyed by every application save (`applyFormLayout`).
 */
import {
  missingRequiredFields,
  resolveFormLayout,
  withoutHiddenFields,
  type FormFieldSetting,
  type FormLayout,
  type FormLayoutUpdate,
} from '@harbour/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { formLayoutFields } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { findOption, listOptionChoices } from '../options/service.js';

/** A loan type's layout as stored, resolved to every configurable field (the default for those without a row). */
export async function readFormLayout(db: DbOrTx, loanType: string): Promise<FormLayout> {
  const rows = await db
    .select({ key: formLayoutFields.fieldKey, shown: formLayoutFields.shown, required: formLayoutFields.required, updatedAt: formLayoutFields.updatedAt })
    .from(formLayoutFields)
    .where(eq(formLayoutFields.loanType, loanType));
  const updatedAt = rows.reduce<Date | null>((a, r) => (a && a > r.updatedAt ? a : r.updatedAt), null);
  return resolveFormLayout(loanType, rows as FormFieldSetting[], updatedAt ? updatedAt.toISOString() : null);
}

/** The loan type must be one of the `loanType` options (disabled ones too: their old applications still print). */
async function assertLoanType(db: DbOrTx, loanType: string): Promise<void> {
  if (!(await findOption(db, 'loanType', { code: loanType }))) throw notFound('formLayout.unknownLoanType');
}

/** `GET /formLayouts/{loanType}`. */
export const formLayoutOf = (ctx: ServiceContext, loanType: string): Promise<FormLayout> =>
  withReadTx(ctx, async (tx) => {
    await assertLoanType(tx, loanType);
    return readFormLayout(tx, loanType);
  });

/** `GET /formLayouts`: the layout of every enabled loan type, in the options' order. */
export const listFormLayouts = (ctx: ServiceContext): Promise<FormLayout[]> =>
  withReadTx(ctx, async (tx) => {
    const types = (await listOptionChoices(tx)).loanType ?? [];
    const rows = await tx.select().from(formLayoutFields).orderBy(asc(formLayoutFields.loanType));
    return types.map((t) => {
      const own = rows.filter((r) => r.loanType === t.code);
      const updatedAt = own.reduce<Date | null>((a, r) => (a && a > r.updatedAt ? a : r.updatedAt), null);
      return resolveFormLayout(t.code, own.map((r) => ({ key: r.fieldKey, shown: r.shown, required: r.required }) as FormFieldSetting), updatedAt?.toISOString() ?? null);
    });
  });

/** `PUT /formLayouts/{loanType}`: replaces the loan type's layout; one `edit` audit row with the layout before and after. */
export const saveFormLayout = (ctx: ServiceContext, loanType: string, body: FormLayoutUpdate): Promise<FormLayout> =>
  withTx(ctx, async (tx) => {
    await assertLoanType(tx, loanType);
    // Two saves of one loan type queue here, so the second replaces the first whole.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'form_layout:' + loanType}))`);
    const before = await readFormLayout(tx, loanType);
    await tx.delete(formLayoutFields).where(eq(formLayoutFields.loanType, loanType));
    const by = ctx.auth?.staffId ?? null;
    const resolved = resolveFormLayout(loanType, body.fields);
    await tx.insert(formLayoutFields).values(resolved.fields.map((f) => ({ loanType, fieldKey: f.key, shown: f.shown, required: f.required, createdBy: by, updatedBy: by })));
    await audit(tx, { action: 'edit', module: 'formLayouts', reference: loanType, before: summary(before), after: summary(resolved) });
    return readFormLayout(tx, loanType);
  });

/** What an audit row says of a layout: the hidden and the required fields. */
const summary = (l: FormLayout) => ({
  hidden: l.fields.filter((f) => !f.shown).map((f) => f.key),
  required: l.fields.filter((f) => f.required).map((f) => f.key),
});

/**
 * An application as its loan type's layout allows it: the values of hidden fields dropped, and a
 * 400 naming each required field left blank. Every save of an application goes through it.
 */
export async function applyFormLayout<T extends { loanType: string }>(tx: Tx, input: T): Promise<T> {
  const layout = await readFormLayout(tx, input.loanType);
  const kept = withoutHiddenFields(layout, input as T & Record<string, unknown>);
  const missing = missingRequiredFields(layout, kept);
  if (missing.length > 0) throw badRequest('errors.validation', missing);
  return kept;
}

