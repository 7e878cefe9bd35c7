import { describe, expect, it } from 'vitest';
import { printablePapers, type LoanPapers } from '@harbour/contracts';
import {
  affordabilityOf,
  amountInWords,
  isPaperChoice,
  lenderIn,
  paperLanguageOf,
  paperLanguageParam,
  paperMoney,
  paperRate,
  papersToPrint,
  personName,
  placeOfNegotiation,
  scheduleTotals,
  textBlocks,
} from './papers-model';

const lender: LoanPapers['lender'] = {
  nameZh: '海港財務有限公司',
  nameEn: 'Harbour Finance Limited',
  licenceNo: '0999/2025',
  addressZh: '九龍旺角彌敦道 580 號 12 樓',
  addressEn: null,
  phone: null,
  fax: null,
  email: null,
  logoUrl: null,
};

describe('which papers', () => {
  it('follows the loan’s state: schedule always, the s.18 papers once approved, the receipt once paid out', () => {
    expect(printablePapers({ status: 'pending', payoutDate: null })).toEqual(['schedule']);
    expect(printablePapers({ status: 'approved', payoutDate: null })).not.toContain('payout-receipt');
    expect(printablePapers({ status: 'approved', payoutDate: null })).toContain('s18-note');
    expect(printablePapers({ status: 'repaying', payoutDate: '2026-11-02' })).toContain('payout-receipt');
    expect(printablePapers({ status: 'cancel', payoutDate: null })).toEqual(['schedule']);
  });

  it('prints one paper or all the loan has, in order', () => {
    const approved = printablePapers({ status: 'approved', payoutDate: null });
    expect(papersToPrint('all', approved)).toEqual(['s18', 'summary', 'terms', 'intermediary', 'affordability', 'schedule']);
    expect(papersToPrint('receipt', approved)).toEqual([]);
    expect(papersToPrint('s18', approved)).toEqual(['s18']);
    expect(isPaperChoice('receipt')).toBe(true);
    expect(isPaperChoice('all')).toBe(true);
    expect(isPaperChoice('toString')).toBe(false);
    expect(isPaperChoice(null)).toBe(false);
  });

  it('prints Chinese papers for either Chinese interface, English otherwise', () => {
    expect(paperLanguageOf('zh-TW')).toBe('zh-TW');
    expect(paperLanguageOf('zh-CN')).toBe('zh-TW');
    expect(paperLanguageOf('en')).toBe('en');
  });

  it('takes a page\'s lang parameter only when it names a paper language', () => {
    expect(paperLanguageParam('en', 'zh-TW')).toBe('en');
    expect(paperLanguageParam('zh-TW', 'en')).toBe('zh-TW');
    expect(paperLanguageParam('zh-CN', 'en')).toBe('en');
    expect(paperLanguageParam('constructor', 'zh-CN')).toBe('zh-TW');
    expect(paperLanguageParam(null, 'en')).toBe('en');
  });
});

describe('formatting', () => {
  it('writes amounts with separators and two places, rates to two places, the principal in words', () => {
    expect(paperMoney('50000')).toBe('50,000.00');
    expect(paperMoney('1234567.5')).toBe('1,234,567.50');
    expect(paperMoney(null)).toBe('');
    expect(paperRate('16.2552')).toBe('16.26');
    expect(amountInWords('50000.00', 'en')).toBe('HONG KONG DOLLARS FIFTY THOUSAND ONLY');
    expect(amountInWords('50000.00', 'zh-TW')).toBe('港幣伍萬元正');
  });

  it('names people in both scripts and the lender in the paper’s language, falling back to the other', () => {
    expect(personName({ name: '陳志明', englishName: 'CHAN Chi Ming' })).toBe('陳志明 (CHAN Chi Ming)');
    expect(personName({ name: 'Tom', englishName: null })).toBe('Tom');
    expect(lenderIn(lender, 'en')).toEqual({ name: 'Harbour Finance Limited', address: '九龍旺角彌敦道 580 號 12 樓' });
    expect(lenderIn(lender, 'zh-TW').name).toBe('海港財務有限公司');
  });

  it('declares the approval’s place of negotiation, else the branch and its address', () => {
    const store = { nameZh: '旺角店', nameEn: 'Mong Kok', address: '九龍旺角彌敦道 580 號', phone: null };
    expect(placeOfNegotiation({ store, approval: null }, 'zh-TW')).toBe('旺角店，九龍旺角彌敦道 580 號');
    expect(placeOfNegotiation({ store, approval: null }, 'en')).toBe('Mong Kok, 九龍旺角彌敦道 580 號');
    const approval = { placeOfNegotiation: '觀塘分店' } as LoanPapers['approval'];
    expect(placeOfNegotiation({ store, approval }, 'en')).toBe('觀塘分店');
  });

  it('sums the affordability figures exactly and the share of income', () => {
    const f = affordabilityOf({
      borrower: { salary: '30000.00' } as LoanPapers['borrower'],
      creditReferences: [
        { creditName: 'A', creditType: null, loanAmount: null, instalmentAmount: '1500.10', outstandingTenors: 3 },
        { creditName: 'B', creditType: null, loanAmount: null, instalmentAmount: null, outstandingTenors: null },
        { creditName: 'C', creditType: null, loanAmount: null, instalmentAmount: '0.20', outstandingTenors: 1 },
      ],
      loan: { instalmentAmount: '4516.67', repayCycle: 'monthly', cycleMonths: 1, cycleDays: null } as LoanPapers['loan'],
    });
    expect(f).toEqual({ income: '30000.00', existing: '1500.30', newInstalment: '4516.67', newMonthly: '4516.67', total: '6016.97', ratio: '20.06' });
    // twice a month: the instalment counts twice in a month's total
    const twice = affordabilityOf({
      borrower: { salary: '30000.00' } as LoanPapers['borrower'],
      creditReferences: [],
      loan: { instalmentAmount: '1000.00', repayCycle: 'twice-monthly', cycleMonths: null, cycleDays: null } as LoanPapers['loan'],
    });
    expect(twice).toMatchObject({ newInstalment: '1000.00', newMonthly: '2000.00', total: '2000.00', ratio: '6.67' });
    const none = affordabilityOf({ borrower: { salary: null } as LoanPapers['borrower'], creditReferences: [], loan: { instalmentAmount: '100' } as LoanPapers['loan'] });
    expect(none.ratio).toBeNull();
    expect(none.total).toBe('100.00');
  });

  it('totals a schedule and splits a static text into headings and paragraphs', () => {
    const row = (tenor: number, principal: string, interest: string) => ({ tenor, dueDate: '2026-12-02', principal, interest, instalment: (Number(principal) + Number(interest)).toFixed(2), balance: '0' });
    expect(scheduleTotals([row(1, '0.10', '0.20'), row(2, '0.20', '0.10')])).toEqual({ principal: '0.30', interest: '0.30', instalment: '0.60' });
    expect(textBlocks('Intro line\ncontinued.\n\n# Part III\n\nSection 18.')).toEqual([
      { heading: false, text: 'Intro line continued.' },
      { heading: true, text: 'Part III' },
      { heading: false, text: 'Section 18.' },
    ]);
  });
});
