import { describe, expect, it } from 'vitest';
import { amountInChineseWords, amountInEnglishWords } from './amount-in-words.js';
import { DomainError } from './errors.js';

describe('amount in words (s.18: the principal in words and in figures)', () => {
  it.each([
    ['50000', 'HONG KONG DOLLARS FIFTY THOUSAND ONLY', '港幣伍萬元正'],
    ['50000.00', 'HONG KONG DOLLARS FIFTY THOUSAND ONLY', '港幣伍萬元正'],
    ['1005.25', 'HONG KONG DOLLARS ONE THOUSAND AND FIVE AND CENTS TWENTY-FIVE ONLY', '港幣壹仟零伍元貳角伍分'],
    ['100000', 'HONG KONG DOLLARS ONE HUNDRED THOUSAND ONLY', '港幣壹拾萬元正'],
    ['10010', 'HONG KONG DOLLARS TEN THOUSAND AND TEN ONLY', '港幣壹萬零壹拾元正'],
    ['100000001', 'HONG KONG DOLLARS ONE HUNDRED MILLION AND ONE ONLY', '港幣壹億零壹元正'],
    ['123456789.5', 'HONG KONG DOLLARS ONE HUNDRED AND TWENTY-THREE MILLION FOUR HUNDRED AND FIFTY-SIX THOUSAND SEVEN HUNDRED AND EIGHTY-NINE AND CENTS FIFTY ONLY', '港幣壹億貳仟叁佰肆拾伍萬陸仟柒佰捌拾玖元伍角正'],
    ['1200000', 'HONG KONG DOLLARS ONE MILLION TWO HUNDRED THOUSAND ONLY', '港幣壹佰貳拾萬元正'],
    ['30005.07', 'HONG KONG DOLLARS THIRTY THOUSAND AND FIVE AND CENTS SEVEN ONLY', '港幣叁萬零伍元零柒分'],
    ['0.05', 'HONG KONG DOLLARS ZERO AND CENTS FIVE ONLY', '港幣零元伍分'],
    ['0', 'HONG KONG DOLLARS ZERO ONLY', '港幣零元正'],
    ['0.00', 'HONG KONG DOLLARS ZERO ONLY', '港幣零元正'],
    ['0.5', 'HONG KONG DOLLARS ZERO AND CENTS FIFTY ONLY', '港幣零元伍角正'],
    ['10.10', 'HONG KONG DOLLARS TEN AND CENTS TEN ONLY', '港幣壹拾元壹角正'],
    ['1000000.05', 'HONG KONG DOLLARS ONE MILLION AND CENTS FIVE ONLY', '港幣壹佰萬元零伍分'],
  ])('%s', (amount, en, zh) => {
    expect(amountInEnglishWords(amount)).toBe(en);
    expect(amountInChineseWords(amount)).toBe(zh);
  });

  it('refuses what it cannot write exactly', () => {
    for (const bad of ['-1', '1.005', '1000000000000', 'abc']) {
      expect(() => amountInEnglishWords(bad), bad).toThrow();
      expect(() => amountInChineseWords(bad), bad).toThrow();
    }
    expect(() => amountInChineseWords('-5')).toThrow(DomainError);
  });
});
