import { LOAN_STATUS } from '@harbour/domain';
import { loans } from '../../db/schema/index.js';

/**
 * How a loan's status changes (`changeStatus` of `platform/status-change.ts`): the loans table and
 * the domain's one status table, `LOAN_STATUS`. Every area that moves a loan (approval, payout,
 * receipts, settlement, OCA, write-off) passes this spec.
 */
export const loanStatusSpec = { table: loans, id: loans.id, status: loans.status, storeColumn: loans.storeId, machine: LOAN_STATUS, module: 'loans' } as const;
