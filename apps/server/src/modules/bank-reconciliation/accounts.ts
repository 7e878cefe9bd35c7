import { bankAccountResource, type BankAccountItem, type CsvMapping } from '@harbour/contracts';
import type { BankLedgerAccount } from '@harbour/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bankAccounts } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { fieldError } from '../../platform/errors.js';
import type { ResourceService } from '../../platform/resource-service.js';
import type { ServiceContext } from '../../platform/context.js';
import { currentStore, storeScope } from '../../platform/store-scope.js';
import { tableService } from '../../platform/table-service.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { bankAccountRow } from './statements.js';

type AccountRow = typeof bankAccounts.$inferSelect;

export const toBankAccount = (row: AccountRow): BankAccountItem => ({
  id: row.id,
  storeId: row.storeId,
  bankName: row.bankName,
  bankCode: row.bankCode,
  accountName: row.accountName,
  accountNo: row.accountNo,
  currency: 'HKD',
  ledgerAccount: row.ledgerAccount as BankLedgerAccount,
  active: row.active,
  csvMapping: (row.csvMapping as CsvMapping | null) ?? null,
});

/** One account number per store: said on the field (the unique key still guards races with a 409). */
async function assertNumberFree(tx: Tx, storeId: number, accountNo: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.storeId, storeId), eq(bankAccounts.accountNo, accountNo), exceptId === undefined ? undefined : ne(bankAccounts.id, exceptId)));
  if (other) throw fieldError('accountNo', 'reconciliation.errors.accountTaken');
}

const base = tableService(bankAccountResource, {
  table: bankAccounts,
  id: bankAccounts.id,
  storeColumn: bankAccounts.storeId,
  columns: { bankName: bankAccounts.bankName, accountNo: bankAccounts.accountNo, active: bankAccounts.active },
  toItem: (row) => toBankAccount(row as AccountRow),
  toInsert: async (input, ctx, tx) => {
    await assertNumberFree(tx, currentStore(ctx), input.accountNo);
    return { bankName: input.bankName, bankCode: input.bankCode ?? null, accountName: input.accountName, accountNo: input.accountNo, currency: 'HKD', ledgerAccount: input.ledgerAccount, active: input.active };
  },
  toUpdate: async (input, _ctx, before, tx) => {
    const row = before as AccountRow;
    if (input.accountNo !== undefined) await assertNumberFree(tx, row.storeId, input.accountNo, row.id);
    return { bankName: input.bankName, bankCode: input.bankCode, accountName: input.accountName, accountNo: input.accountNo, ledgerAccount: input.ledgerAccount, active: input.active, updatedAt: new Date() };
  },
});

/** The stores' bank accounts (master data) and the saving of a CSV mapping after its preview. */
export const bankAccountService: ResourceService<typeof bankAccountResource> = {
  ...base,
  actions: {
    saveCsvMapping: (ctx, id, mapping) =>
      withTx(ctx, async (tx) => {
        const before = await bankAccountRow(tx, ctx, id, { lock: true });
        const [after] = await tx.update(bankAccounts).set({ csvMapping: mapping as unknown as Record<string, string>, updatedAt: new Date() }).where(eq(bankAccounts.id, id)).returning();
        await audit(tx, { action: 'edit', module: 'bankAccounts', reference: id, before: { csvMapping: before.csvMapping }, after: { csvMapping: mapping }, recordStores: [before.storeId] });
        return toBankAccount(after!);
      }),
  },
};

/** The accounts in use of the caller's store scope: what the reconciliation page imports into. */
export const accountsInUse = (ctx: ServiceContext) =>
  withReadTx(ctx, async (tx) =>
    (
      await tx
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.active, true), storeScope(ctx, bankAccounts.storeId)))
        .orderBy(asc(bankAccounts.storeId), asc(bankAccounts.id))
    ).map(toBankAccount),
  );
