import { describe, expect, it } from 'vitest';
import { blacklistCheckOf } from './BlacklistWarning';
import { fileSizeText } from './LoanDocuments';
import { rateDecimals } from './rate-decimals';

describe('the blacklist check of an application form', () => {
  it('sends the borrower and partakers once each, and the typed owners’ ID numbers with their names', () => {
    expect(
      blacklistCheckOf({
        customerId: 7,
        partakers: [{ customerId: 9 }, { customerId: 7 }, undefined, { customerId: null }],
        collaterals: [{ ownerName: ' 陳大文 ', ownerIdNumber: ' A123456(3) ' }, { ownerName: '無號碼', ownerIdNumber: '  ' }, undefined],
      }),
    ).toEqual({ customerIds: [7, 9], typed: [{ name: '陳大文', idNumber: 'A123456(3)' }] });
  });

  it('sends nothing for an empty form and at most ten of each', () => {
    expect(blacklistCheckOf({})).toEqual({ customerIds: [], typed: [] });
    const many = blacklistCheckOf({ customerId: 1, partakers: Array.from({ length: 12 }, (_, i) => ({ customerId: i + 2 })) });
    expect(many.customerIds).toHaveLength(10);
    expect(many.customerIds[0]).toBe(1);
  });
});

describe('display helpers', () => {
  it('shows a rate as entered, padded only to the decimal-places setting', () => {
    expect(rateDecimals('0.7', 2)).toBe(2);
    expect(rateDecimals('0.7125', 2)).toBe(4);
    expect(rateDecimals('1', 0)).toBe(0);
    expect(rateDecimals('not a number', 2)).toBe(2);
  });

  it('gives file sizes in B, KB and MB', () => {
    expect(fileSizeText(68)).toBe('68 B');
    expect(fileSizeText(12_595)).toBe('12.3 KB');
    expect(fileSizeText(1_258_291)).toBe('1.2 MB');
  });
});
