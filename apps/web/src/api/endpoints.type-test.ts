/**
 * Compile-time checks (run by `tsc -b`): a call through the endpoint map takes exactly the path
 * parameters and the body its entry declares. Never run: each call sits in a function.
 */
import { call } from './call.js';
import { endpoints } from './endpoints.js';

export function checks() {
  const receipt = { loanId: 1, repayDate: '2026-11-02', method: 'cash', received: '100.00', idempotencyKey: 'key-00000001' } as const;
  void call(endpoints.repayments.receipt, { body: receipt });
  // @ts-expect-error a correction needs the repayment's id
  void call(endpoints.repayments.correct, { body: { kind: 'void', reason: 'typo' } });
  // @ts-expect-error a correction's kind is one of the contract's
  void call(endpoints.repayments.correct, { params: { id: 1 }, body: { kind: 'undo', reason: 'typo' } });
  // @ts-expect-error a GET takes no body
  void call(endpoints.loans.get, { params: { id: 1 }, body: {} });
  // @ts-expect-error a document is named by the loan's id and its own
  void call(endpoints.loans.removeDocument, { params: { id: 1 } });
  // @ts-expect-error a write-off needs its reason
  void call(endpoints.collection.writeOff, { body: { loanId: 1 } });
  // @ts-expect-error a path without parameters takes none
  void call(endpoints.search, { params: { id: 1 } });
}
