import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { emptyApplication, formPathOf, toApplication, toPreview, type ApplicationFormValues } from './application-model';
import { actionBody } from './LoanActionDialog';
import { matchesMessage } from '../../i18n/message-match';

const filled = (over: Partial<ApplicationFormValues> = {}): ApplicationFormValues => ({
  ...emptyApplication(dayjs('2026-11-02')),
  customerId: 7,
  loanType: 'private_loan',
  loanAmount: '50000',
  rate: '1.5',
  ...over,
});

describe('application form → request', () => {
  it('sends exactly one rate: the flat rate or the effective rate the switch names', () => {
    const flat = toApplication(filled());
    expect(flat.flatRate).toBe('1.5');
    expect(flat).not.toHaveProperty('effectiveRate');
    const effective = toApplication(filled({ rateType: 'effective', rate: '36' }));
    expect(effective.effectiveRate).toBe('36');
    expect(effective).not.toHaveProperty('flatRate');
    // No rate typed: neither is sent and the server answers "rate required" under the input.
    const none = toApplication(filled({ rate: '' }));
    expect(none).not.toHaveProperty('flatRate');
    expect(none).not.toHaveProperty('effectiveRate');
  });

  it('writes dates as YYYY-MM-DD and sends only the cycle field the cycle uses', () => {
    const body = toApplication(filled({ repayCycle: 'every-n-days', cycleDays: 14, firstDueDate: dayjs('2026-11-20') }));
    expect(body).toMatchObject({ applyDate: '2026-11-02', loanDate: '2026-11-02', interestStartDate: '2026-11-02', firstDueDate: '2026-11-20', cycleDays: 14 });
    expect(body).not.toHaveProperty('cycleMonths');
    expect(toApplication(filled())).toMatchObject({ cycleMonths: 1 });
    expect(toApplication(filled())).not.toHaveProperty('cycleDays');
  });

  it('sends the rows added to sections B, C and E without their empty cells, and none after removal', () => {
    const body = toApplication(
      filled({
        partakers: [{ customerId: 8, role: 'guarantor', relation: '' }],
        creditReferences: [{ creditName: 'Bank', creditType: null, loanAmount: '1000', instalmentAmount: undefined, outstandingTenors: null }],
        collaterals: [{ ownerName: 'A', address: 'B', boughtOn: dayjs('2020-01-31'), buyPrice: '' }],
      }),
    );
    expect(body.partakers).toEqual([{ customerId: 8, role: 'guarantor' }]);
    expect(body.creditReferences).toEqual([{ creditName: 'Bank', loanAmount: '1000' }]);
    expect(body.collaterals).toEqual([{ ownerName: 'A', address: 'B', boughtOn: '2020-01-31' }]);
    expect(toApplication(filled()).partakers).toEqual([]);
  });

  it('asks for a preview only once amount, tenor, rate and interest start date are there', () => {
    expect(toPreview(filled({ rate: null }))).toBeUndefined();
    expect(toPreview(filled())).toEqual({
      loanAmount: '50000',
      totalTenor: 12,
      repayCycle: 'monthly',
      interestMethod: 'amortization',
      loanDate: '2026-11-02',
      flatRate: '1.5',
      cycleMonths: 1,
    });
  });

  it('puts server errors on the form field they name', () => {
    expect(formPathOf('partakers.0.customerId')).toEqual(['partakers', 0, 'customerId']);
    expect(formPathOf('effectiveRate')).toEqual(['rate']);
    expect(formPathOf('loanDate')).toEqual(['loanDate']);
  });
});

describe('loan actions', () => {
  it('sends dates as YYYY-MM-DD and leaves out empty inputs and unticked boxes', () => {
    expect(actionBody({ payoutDate: dayjs('2026-11-05'), method: 'cheque', chequeNo: '000123', remarks: '', confirmExcess: false })).toEqual({
      payoutDate: '2026-11-05',
      method: 'cheque',
      chequeNo: '000123',
    });
  });

  it('recognises a server message by its catalogue text whatever fills its placeholders', () => {
    const i18n = { getResource: (_l: string, _ns: string, key: string) => (key === 'errors.blacklisted' ? 'On the blacklist: {{names}}. A manager must give a reason to submit' : undefined) };
    expect(matchesMessage(i18n, 'en', 'loans', 'errors.blacklisted', 'On the blacklist: 黑名單, X. A manager must give a reason to submit')).toBe(true);
    expect(matchesMessage(i18n, 'en', 'loans', 'errors.blacklisted', 'The effective rate is above 48%')).toBe(false);
    expect(matchesMessage(i18n, 'en', 'loans', 'errors.other', 'anything')).toBe(false);
  });
});
