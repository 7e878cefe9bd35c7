/**
 * Bank statements read into lines: ISO 20022 camt.053 through fast-xml-parser (a maintained XML
 * parser, never patterns over the text) and CSV through csv-parse with the bank account's column
 * mapping. Amounts stay decimal strings (the parsers are told not to turn values into numbers:
 * a reference "000123" and an amount "1000.10" arrive as written).
 */
import { createHash } from 'node:crypto';
import type { CsvMapping } from '@harbour/contracts';
import { dec, isDecimalString, moneyText } from '@harbour/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { businessRule } from '../../platform/errors.js';

export interface ParsedLine {
  bankTxnId: string;
  bookingDate: string;
  valueDate: string | null;
  direction: 'credit' | 'debit';
  /** positive, two places */
  amount: string;
  reference: string | null;
  payerName: string | null;
}

export interface ParsedStatement {
  /** camt.053 `Stmt/Id`, or the CSV file's SHA-256 */
  statementRef: string;
  /** the account the file says it is of (IBAN or other id), when it says */
  accountId: string | null;
  fromDate: string | null;
  toDate: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  lines: ParsedLine[];
}

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Bal', 'Ustrd', 'Strd']);

const xml = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

/** A child element by path; a leaf's text (an element with attributes keeps it in `#text`). */
function at(node: unknown, ...path: string[]): unknown {
  let cur = node;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Node)[key];
  }
  return cur;
}
function text(node: unknown, ...path: string[]): string | null {
  const v = at(node, ...path);
  if (typeof v === 'string') return v.trim() || null;
  if (v && typeof v === 'object' && typeof (v as Node)['#text'] === 'string') return ((v as Node)['#text'] as string).trim() || null;
  return null;
}
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : []);

/** "1000.1" → "1000.10"; refuses anything but a plain positive decimal of at most two places. */
function amountOf(raw: string | null): string {
  const v = (raw ?? '').replace(/,/g, '').trim();
  if (!isDecimalString(v) || !/^\d+(\.\d{1,2})?$/.test(v)) throw businessRule('reconciliation.errors.badAmount', { value: raw ?? '' });
  return moneyText(dec(v));
}
/** A date or date-time element's date (YYYY-MM-DD). */
const dateOf = (node: unknown): string | null => (text(node, 'Dt') ?? text(node, 'DtTm'))?.slice(0, 10) ?? null;
const direction = (ind: string | null): 'credit' | 'debit' => {
  if (ind === 'CRDT') return 'credit';
  if (ind === 'DBIT') return 'debit';
  throw businessRule('reconciliation.errors.badDirection', { value: ind ?? '' });
};

/** A balance of the statement by its code (OPBD opening, CLBD closing booked), signed. */
function balance(bals: Node[], code: string): string | null {
  const b = bals.find((x) => text(x, 'Tp', 'CdOrPrtry', 'Cd') === code);
  if (!b) return null;
  const amount = amountOf(text(b, 'Amt'));
  return text(b, 'CdtDbtInd') === 'DBIT' ? moneyText(dec(amount).neg()) : amount;
}

/** The remittance text of a transaction: unstructured lines, else the structured creditor reference. */
function remittance(tx: Node | undefined, entry: Node): string | null {
  const parts = [
    ...list(at(tx, 'RmtInf', 'Ustrd')).map((u) => (typeof u === 'string' ? u : text(u))),
    ...list(at(tx, 'RmtInf', 'Strd')).map((s) => text(s, 'CdtrRefInf', 'Ref')),
    text(entry, 'AddtlNtryInf'),
  ].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ').slice(0, 512) : null;
}
const payer = (tx: Node | undefined): string | null => text(tx, 'RltdPties', 'Dbtr', 'Nm') ?? text(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm');

/**
 * One camt.053 `Stmt` (the first; a file of several accounts is refused). Each entry (`Ntry`) is a
 * line with the bank's id for it — the entry's `AcctSvcrRef`, else its `NtryRef`, else its
 * transaction's `Refs` (`AcctSvcrRef`, `TxId`, `EndToEndId`); a batch entry of several
 * transactions becomes one line per transaction, each with its own `Refs`. Pending entries
 * (`Sts` PDNG) are not booked and are left out.
 */
export function parseCamt053(content: string): ParsedStatement {
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw businessRule('reconciliation.errors.badXml', { detail: `${valid.err.msg} (line ${valid.err.line})` });
  const doc = xml.parse(content) as Node;
  const stmts = list(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (stmts.length !== 1) throw businessRule('reconciliation.errors.badXml', { detail: `${stmts.length} Stmt` });
  const stmt = stmts[0]!;
  const ccy = text(stmt, 'Acct', 'Ccy');
  if (ccy && ccy !== 'HKD') throw businessRule('reconciliation.errors.currency', { currency: ccy });
  const statementRef = text(stmt, 'Id') ?? text(stmt, 'ElctrncSeqNb');
  if (!statementRef) throw businessRule('reconciliation.errors.badXml', { detail: 'Stmt/Id' });
  const bals = list(at(stmt, 'Bal'));
  const lines: ParsedLine[] = [];
  for (const entry of list(at(stmt, 'Ntry'))) {
    const status = text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts');
    if (status === 'PDNG' || status === 'INFO') continue;
    const entryCcy = (at(entry, 'Amt') as Node | undefined)?.['@_Ccy'];
    if (typeof entryCcy === 'string' && entryCcy !== 'HKD') throw businessRule('reconciliation.errors.currency', { currency: entryCcy });
    const common = { bookingDate: dateOf(at(entry, 'BookgDt')), valueDate: dateOf(at(entry, 'ValDt')), direction: direction(text(entry, 'CdtDbtInd')) };
    if (!common.bookingDate) throw businessRule('reconciliation.errors.badXml', { detail: 'Ntry/BookgDt' });
    const txs = list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')));
    const entryId = text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef');
    const txId = (tx: Node | undefined) => text(tx, 'Refs', 'AcctSvcrRef') ?? text(tx, 'Refs', 'TxId') ?? text(tx, 'Refs', 'EndToEndId');
    if (txs.length > 1) {
      txs.forEach((tx, i) => {
        const id = txId(tx) ?? (entryId ? `${entryId}/${i + 1}` : null);
        if (!id) throw businessRule('reconciliation.errors.noTxnId');
        const amt = text(tx, 'Amt') ?? text(tx, 'AmtDtls', 'TxAmt', 'Amt');
        lines.push({ ...common, bookingDate: common.bookingDate!, bankTxnId: id, amount: amountOf(amt), reference: remittance(tx, entry), payerName: payer(tx) });
      });
      continue;
    }
    const tx = txs[0];
    const id = entryId ?? txId(tx);
    if (!id) throw businessRule('reconciliation.errors.noTxnId');
    lines.push({ ...common, bookingDate: common.bookingDate!, bankTxnId: id, amount: amountOf(text(entry, 'Amt')), reference: remittance(tx, entry), payerName: payer(tx) });
  }
  const dates = lines.map((l) => l.bookingDate).sort();
  return {
    statementRef,
    accountId: text(stmt, 'Acct', 'Id', 'IBAN') ?? text(stmt, 'Acct', 'Id', 'Othr', 'Id'),
    fromDate: text(stmt, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? dates[0] ?? null,
    toDate: text(stmt, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? dates.at(-1) ?? null,
    openingBalance: balance(bals, 'OPBD') ?? balance(bals, 'PRCD'),
    closingBalance: balance(bals, 'CLBD'),
    lines,
  };
}

const CREDIT = new Set(['CR', 'C', 'CRDT', 'CREDIT', '存入', '存款', '收入']);
const DEBIT = new Set(['DR', 'D', 'DBIT', 'DEBIT', '提取', '支出', '提款']);

function csvDate(raw: string, format: CsvMapping['dateFormat']): string {
  const v = raw.trim();
  const m = format === 'YYYY-MM-DD' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (!m) throw businessRule('reconciliation.errors.badDate', { value: raw, format });
  const [y, mo, d] = format === 'YYYY-MM-DD' ? [m[1]!, m[2]!, m[3]!] : [m[3]!, m[2]!.padStart(2, '0'), m[1]!.padStart(2, '0')];
  const iso = `${y}-${mo}-${d}`;
  if (Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) || new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso) throw businessRule('reconciliation.errors.badDate', { value: raw, format });
  return iso;
}

export interface CsvRead {
  headers: string[];
  lines: (ParsedLine & { row: number })[];
  errors: { row: number; message: string; params: Record<string, string | number> }[];
}

/**
 * A CSV statement read with a mapping: each row a line, or an error naming the row. The amount's
 * sign gives the direction when the mapping has no direction column ("-250.00" is a debit);
 * thousands separators and a leading currency ("HKD 1,000.00") are dropped.
 */
export function readCsv(content: string, mapping: CsvMapping): CsvRead {
  let records: Record<string, string>[];
  try {
    records = parseCsv(content, { columns: true, skip_empty_lines: true, trim: true, bom: true, delimiter: mapping.delimiter, relax_column_count: true }) as Record<string, string>[];
  } catch (e) {
    throw businessRule('reconciliation.errors.badCsv', { row: 1, detail: (e as Error).message });
  }
  const headers = records.length > 0 ? Object.keys(records[0]!) : [];
  for (const column of [mapping.bookingDate, mapping.amount, mapping.bankTxnId, mapping.valueDate, mapping.direction, mapping.reference, mapping.payerName]) {
    if (column && records.length > 0 && !headers.includes(column)) throw businessRule('reconciliation.errors.column', { column });
  }
  const lines: CsvRead['lines'] = [];
  const errors: CsvRead['errors'] = [];
  records.forEach((rec, i) => {
    const row = i + 2; // the header is row 1
    const cell = (col: string | null | undefined) => (col ? (rec[col] ?? '').trim() : '');
    try {
      const rawAmount = cell(mapping.amount).replace(/^[A-Z]{3}\s*/, '').replace(/,/g, '');
      const negative = rawAmount.startsWith('-') || (rawAmount.startsWith('(') && rawAmount.endsWith(')'));
      const amount = amountOf(rawAmount.replace(/^[-+(]/, '').replace(/\)$/, ''));
      let dir: 'credit' | 'debit' = negative ? 'debit' : 'credit';
      if (mapping.direction) {
        const d = cell(mapping.direction).toUpperCase();
        if (CREDIT.has(d)) dir = 'credit';
        else if (DEBIT.has(d)) dir = 'debit';
        else throw businessRule('reconciliation.errors.badDirection', { value: cell(mapping.direction) });
      }
      const bankTxnId = cell(mapping.bankTxnId);
      if (!bankTxnId) throw businessRule('reconciliation.errors.noTxnId');
      if (dec(amount).isZero()) return; // a zero line moves nothing
      lines.push({
        row,
        bankTxnId: bankTxnId.slice(0, 128),
        bookingDate: csvDate(cell(mapping.bookingDate), mapping.dateFormat),
        valueDate: mapping.valueDate && cell(mapping.valueDate) ? csvDate(cell(mapping.valueDate), mapping.dateFormat) : null,
        direction: dir,
        amount,
        reference: cell(mapping.reference).slice(0, 512) || null,
        payerName: cell(mapping.payerName).slice(0, 255) || null,
      });
    } catch (e) {
      const err = e as { code?: string; params?: Record<string, string | number> };
      errors.push({ row, message: err.code ?? 'reconciliation.errors.badCsv', params: err.params ?? {} });
    }
  });
  return { headers, lines, errors };
}

/** A CSV statement as a whole: every row must read (the first bad row is the answer). */
export function parseCsvStatement(content: string, mapping: CsvMapping): ParsedStatement {
  const read = readCsv(content, mapping);
  const bad = read.errors[0];
  if (bad) throw businessRule('reconciliation.errors.badCsv', { row: bad.row, detail: bad.message });
  const dates = read.lines.map((l) => l.bookingDate).sort();
  return {
    statementRef: createHash('sha256').update(content).digest('hex'),
    accountId: null,
    fromDate: dates[0] ?? null,
    toDate: dates.at(-1) ?? null,
    openingBalance: null,
    closingBalance: null,
    lines: read.lines.map(({ row: _row, ...l }) => l),
  };
}
