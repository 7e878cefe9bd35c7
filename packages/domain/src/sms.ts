/**
 * SMS reminders (spec §2 SendSmsList, master data "SMS content", §9 "SMS character count"): the
 * template placeholders a message may use, their rendering, and how many SMS segments a text takes
 * on the network (3GPP TS 23.038 / 23.040). A text made only of GSM 03.38 characters travels as
 * GSM-7 (160 septets in one SMS, 153 in each part of a concatenated one; the extension table's
 * characters take an escape plus the character, two septets); anything else — Chinese — as UCS-2
 * (70 UTF-16 units in one SMS, 67 in each part; a character outside the BMP takes two units). A
 * two-unit character is never split across parts.
 */

/** The placeholders a template may contain, written `{name}`. */
export const SMS_PLACEHOLDERS = ['customerName', 'loanNo', 'dueDate', 'amountDue', 'overdueDays', 'companyName', 'companyPhone'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];
export type SmsValues = Readonly<Record<SmsPlaceholder, string>>;

/** Values the template preview renders with, by language (the "SMS character count" limit is shown against the result). */
export const SMS_SAMPLE_VALUES: Readonly<Record<'zh-TW' | 'en', SmsValues>> = {
  'zh-TW': {
    customerName: '陳大文',
    loanNo: 'MK2026000123',
    dueDate: '2026-12-01',
    amountDue: '3,250.00',
    overdueDays: '5',
    companyName: '海港財務',
    companyPhone: '2345 6789',
  },
  en: {
    customerName: 'Chan Tai Man',
    loanNo: 'MK2026000123',
    dueDate: '2026-12-01',
    amountDue: '3,250.00',
    overdueDays: '5',
    companyName: 'Harbour Finance',
    companyPhone: '2345 6789',
  },
};

/** A problem with a template: an unknown `{name}`, or a brace that opens or closes no placeholder. */
export type SmsTemplateIssue =
  | { code: 'unknownPlaceholder'; name: string; index: number }
  | { code: 'malformedPlaceholder'; index: number };

const KNOWN = new Set<string>(SMS_PLACEHOLDERS);
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

type Token = { text: string } | { placeholder: string; index: number } | { malformed: number };

function tokenize(template: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let text = '';
  while (i < template.length) {
    const c = template[i]!;
    if (c === '{') {
      const close = template.indexOf('}', i + 1);
      const open = template.indexOf('{', i + 1);
      const name = close < 0 ? '' : template.slice(i + 1, close);
      if (close < 0 || (open >= 0 && open < close) || !NAME.test(name)) {
        out.push({ malformed: i });
        text += c;
        i += 1;
        continue;
      }
      if (text) out.push({ text });
      text = '';
      out.push({ placeholder: name, index: i });
      i = close + 1;
    } else {
      if (c === '}') out.push({ malformed: i });
      text += c;
      i += 1;
    }
  }
  if (text) out.push({ text });
  return out;
}

/** Every problem of a template, in order of position (none: the template may be saved). */
export function checkSmsTemplate(template: string): SmsTemplateIssue[] {
  const issues: SmsTemplateIssue[] = [];
  for (const t of tokenize(template)) {
    if ('malformed' in t) issues.push({ code: 'malformedPlaceholder', index: t.malformed });
    else if ('placeholder' in t && !KNOWN.has(t.placeholder)) issues.push({ code: 'unknownPlaceholder', name: t.placeholder, index: t.index });
  }
  return issues;
}

/** The placeholders a template uses (known ones, each once, in order of first use). */
export function smsPlaceholdersOf(template: string): SmsPlaceholder[] {
  const seen: SmsPlaceholder[] = [];
  for (const t of tokenize(template)) if ('placeholder' in t && KNOWN.has(t.placeholder) && !seen.includes(t.placeholder as SmsPlaceholder)) seen.push(t.placeholder as SmsPlaceholder);
  return seen;
}

/** The message of a checked template with `values` put in; throws on a template with issues. */
export function renderSms(template: string, values: SmsValues): string {
  const issues = checkSmsTemplate(template);
  if (issues.length > 0) throw new Error(`SMS template has ${issues.length} issue(s), the first ${issues[0]!.code} at ${issues[0]!.index}`);
  return tokenize(template)
    .map((t) => ('text' in t ? t.text : 'placeholder' in t ? values[t.placeholder as SmsPlaceholder] : ''))
    .join('');
}

/** GSM 03.38 default alphabet (one septet each). */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table (escape + character: two septets each). */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** characters as a reader counts them (code points) */
  characters: number;
  /** septets (GSM-7) or UTF-16 units (UCS-2) the text takes */
  units: number;
  /** SMS parts on the network (0 for an empty text) */
  segments: number;
  /** units one SMS holds in this encoding (160 / 70) */
  singleLimit: number;
  /** units each part of a concatenated SMS holds (153 / 67) */
  partLimit: number;
}

export const SMS_LIMITS = { 'GSM-7': { single: 160, part: 153 }, 'UCS-2': { single: 70, part: 67 } } as const;

/** GSM-7 when every character is in the basic or extension table, UCS-2 otherwise. */
export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return 'UCS-2';
  return 'GSM-7';
}

/** The units of each character of `text` in `encoding`. */
function weights(text: string, encoding: SmsEncoding): number[] {
  const w: number[] = [];
  for (const ch of text) w.push(encoding === 'GSM-7' ? (EXTENSION.has(ch) ? 2 : 1) : ch.length);
  return w;
}

/** Encoding, length and segment count of a message. */
export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  const limits = SMS_LIMITS[encoding];
  const w = weights(text, encoding);
  const units = w.reduce((a, b) => a + b, 0);
  let segments = 0;
  if (units > 0 && units <= limits.single) segments = 1;
  else if (units > limits.single) {
    // fill parts greedily; a two-unit character that does not fit starts the next part
    let used: number = limits.part;
    for (const n of w) {
      if (used + n > limits.part) {
        segments += 1;
        used = 0;
      }
      used += n;
    }
  }
  return { encoding, characters: w.length, units, segments, singleLimit: limits.single, partLimit: limits.part };
}
