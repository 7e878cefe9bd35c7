/**
 * A sum of money in words, as the s.18 note or memorandum writes the principal ("in words and in
 * figures", Money Lenders Ordinance s.18(2)(d)) and as a cheque or receipt would: in English
 * ("HONG KONG DOLLARS FIFTY THOUSAND AND CENTS FIFTY ONLY") and in Chinese financial numerals
 * ("港幣伍萬元伍角正"). The amount is a decimal string with at most two places, below one
 * trillion; anything else is refused rather than written wrongly.
 */
import { dec, type DecimalInput } from './decimal.js';
import { DomainError } from './errors.js';

const ONES = ['', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN', 'ELEVEN', 'TWELVE', 'THIRTEEN', 'FOURTEEN', 'FIFTEEN', 'SIXTEEN', 'SEVENTEEN', 'EIGHTEEN', 'NINETEEN'];
const TENS = ['', '', 'TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'];
const SCALES: [bigint, string][] = [
  [1_000_000_000n, 'BILLION'],
  [1_000_000n, 'MILLION'],
  [1_000n, 'THOUSAND'],
];

/** 1–999 in English words. */
function belowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) {
    words.push(ONES[Math.floor(n / 100)]!, 'HUNDRED');
    n %= 100;
    if (n > 0) words.push('AND');
  }
  if (n >= 20) {
    words.push(TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : ''));
  } else if (n > 0) {
    words.push(ONES[n]!);
  }
  return words.join(' ');
}

function englishWhole(n: bigint): string {
  if (n === 0n) return 'ZERO';
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${belowThousand(Number(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0n) parts.push(`${parts.length > 0 && rest < 100n ? 'AND ' : ''}${belowThousand(Number(rest))}`);
  return parts.join(' ');
}

const DIGITS_ZH = ['零', '壹', '貳', '叁', '肆', '伍', '陸', '柒', '捌', '玖'];
const SMALL_UNITS_ZH = ['', '拾', '佰', '仟'];
const GROUP_UNITS_ZH = ['', '萬', '億'];

/** A group of up to four digits in financial numerals, a zero written once between digits (壹仟零伍). */
function groupZh(n: number): string {
  let out = '';
  let zero = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      if (out !== '') zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS_ZH[d]! + SMALL_UNITS_ZH[pos]!;
  }
  return out;
}

function chineseWhole(n: bigint): string {
  if (n === 0n) return '零';
  const groups: number[] = [];
  for (let rest = n; rest > 0n; rest /= 10_000n) groups.push(Number(rest % 10_000n));
  let out = '';
  let pendingZero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) {
      if (out !== '') pendingZero = true;
      continue;
    }
    if (out !== '' && (pendingZero || g < 1000)) out += '零';
    pendingZero = false;
    out += groupZh(g) + GROUP_UNITS_ZH[i]!;
  }
  return out;
}

function parts(amount: DecimalInput): { whole: bigint; cents: number } {
  const d = dec(amount);
  if (!d.isFinite() || d.isNegative() || d.decimalPlaces() > 2 || d.gte('1e12')) {
    throw new DomainError('INVALID_AMOUNT', { value: String(amount) });
  }
  const fixed = d.toFixed(2);
  const [whole, cents] = fixed.split('.') as [string, string];
  return { whole: BigInt(whole), cents: Number(cents) };
}

/** "HONG KONG DOLLARS FIFTY THOUSAND ONLY", "… AND CENTS TWENTY-FIVE ONLY". */
export function amountInEnglishWords(amount: DecimalInput): string {
  const { whole, cents } = parts(amount);
  const dollars = `HONG KONG DOLLARS ${englishWhole(whole)}`;
  return cents > 0 ? `${dollars} AND CENTS ${belowThousand(cents)} ONLY` : `${dollars} ONLY`;
}

/** "港幣伍萬元正", "港幣壹仟零伍元貳角伍分". */
export function amountInChineseWords(amount: DecimalInput): string {
  const { whole, cents } = parts(amount);
  const jiao = Math.floor(cents / 10);
  const fen = cents % 10;
  let out = `港幣${chineseWhole(whole)}元`;
  if (jiao === 0 && fen === 0) return `${out}正`;
  out += jiao > 0 ? `${DIGITS_ZH[jiao]}角` : whole > 0n ? '零' : '';
  if (fen > 0) out += `${DIGITS_ZH[fen]}分`;
  else out += '正';
  return out;
}
