import { describe, expect, it } from 'vitest';
import { closingDifference, reconciliationTotals, sameAmount } from './bank-reconciliation.js';

describe('bank reconciliation figures', () => {
  it('splits the credits into posted, suspense, ignored and open, and keeps debits apart', () => {
    const t = reconciliationTotals([
      { direction: 'credit', state: 'posted', amount: '1000.10' },
      { direction: 'credit', state: 'posted', amount: '2000.20' },
      { direction: 'credit', state: 'suspense', amount: '333.33' },
      { direction: 'credit', state: 'ignored', amount: '0.01' },
      { direction: 'credit', state: 'matched', amount: '10' },
      { direction: 'credit', state: 'suggested', amount: '20' },
      { direction: 'credit', state: 'unmatched', amount: '30.05' },
      { direction: 'debit', state: 'debit', amount: '99.99' },
    ]);
    expect(t).toEqual({ credits: '3393.69', debits: '99.99', posted: '3000.30', suspense: '333.33', ignored: '0.01', open: '60.05', creditCount: 7 });
  });
  it('compares the closing balance with the ledger exactly', () => {
    expect(closingDifference('150000.00', '149999.99')).toBe('0.01');
    expect(closingDifference(null, '1')).toBeNull();
    expect(sameAmount('1012.30', '1012.3')).toBe(true);
    expect(sameAmount('1012.30', '1012.31')).toBe(false);
  });
});
