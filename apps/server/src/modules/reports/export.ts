/**
 * A report as a file: xlsx (exceljs's streaming writer) or CSV (UTF-8 with a BOM), every row of
 * the caller's parameters in the asked order, with the totals row. The rows are read through a
 * server-side cursor in batches inside the report's one read-only transaction (store scope
 * applied), and written to the answer as they come — memory stays flat however many rows there
 * are. Nothing is written until the parameters are valid and the totals are known, so a bad
 * request still answers the error envelope.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Language, ReportColumnDecl, ReportDecl, ReportExportFormat, ReportParamDecl } from '@harbour/contracts';
import { MESSAGES } from '@harbour/contracts/messages';
import type { Tx } from '../../db/client.js';
import { translate } from '../../http/i18n.js';
import { withReportTx } from '../../platform/report-reads.js';
import { answerMasking } from '../../platform/masking.js';
import { xmlSafeRow } from '../../platform/xml-text.js';
import type { ServiceContext } from '../../platform/context.js';
import { readLenderParticulars } from '../company/particulars.js';
import { cellNumber } from '../repayments/list-workbook.js';
import { aggregate, cellsOf, ordered, prepare } from './engine.js';
import type { ReportDefinition, ReportParamValue } from './query.js';


const CONTENT_TYPES: Record<ReportExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
/** Rows fetched from the cursor at a time. */
export const EXPORT_BATCH = 1000;
const MONEY = '#,##0.00;-#,##0.00';
const HK_OFFSET_MS = 8 * 3600 * 1000;

type Cell = string | number | null;

/** What the route sends: the file's name and type, and the body being written. */
export interface ReportFile {
  name: string;
  type: string;
  body: Readable;
}

/** The texts around the rows: company, title, one line per parameter, when it was read. */
interface FileHead {
  company: string;
  title: string;
  params: [string, string][];
  generatedAt: [string, string];
  labels: string[];
  totalLabel: string;
}

interface Sink {
  row(cells: Cell[]): void;
  /** Waits while the reader is behind (backpressure), so unread output never piles up. */
  drain(): Promise<void>;
  end(totals: Cell[]): Promise<void>;
}

const text = (lang: Language, code: string, fallback?: string): string => (MESSAGES[lang][code] !== undefined || !fallback ? translate(lang, code) : translate(lang, fallback));

/** A column's header in the caller's language. */
export const columnLabel = (lang: Language, decl: ReportDecl, c: ReportColumnDecl) => translate(lang, `reports.${decl.name}.columns.${c.key}`);

const paramLabel = (lang: Language, decl: ReportDecl, p: ReportParamDecl) => text(lang, `reports.${decl.name}.params.${p.name}`, `reports.params.${p.name}`);

/** Names of the records a parameter points at (store, staff, agent, customer), in the caller's language. */
async function recordName(tx: Tx, lang: Language, p: ReportParamDecl, id: number): Promise<string> {
  const en = lang === 'en';
  const q =
    p.kind === 'store'
      ? sql`select ${en ? sql`name_en` : sql`name_zh`} as name from stores where id = ${id}`
      : p.kind === 'staff'
        ? sql`select name from staff where id = ${id}`
        : p.kind === 'customer'
          ? sql`select name from customers where id = ${id}`
          : p.kind === 'agent'
            ? sql`select ${en ? sql`name_en` : sql`name_zh`} as name from referral_agents where id = ${id}`
            : sql`select ${en ? sql`name_en` : sql`name_zh`} as name from oca_agents where id = ${id}`;
  const rows = await tx.execute<{ name: string }>(q);
  return rows.rows[0]?.name ?? String(id);
}

/** A parameter's value as the file's header shows it: names for ids, labels for options. */
async function paramText(tx: Tx, lang: Language, decl: ReportDecl, p: ReportParamDecl, v: ReportParamValue): Promise<string> {
  if (v === null || v === '') return translate(lang, p.kind === 'store' ? 'reports.page.allStores' : 'reports.page.any');
  if (p.kind === 'enum') return p.enumNs ? translate(lang, `enums.${p.enumNs}.${v}`) : translate(lang, `reports.params.${p.name}Options.${v}`);
  if (p.kind === 'store' || p.kind === 'staff' || p.kind === 'customer' || p.kind === 'agent' || p.kind === 'ocaAgent') return recordName(tx, lang, p, Number(v));
  return String(v);
}

/** `<name>-<dates>.<ext>`: the report's name and its date, month or year parameters. */
export function exportFileName(decl: ReportDecl, params: Readonly<Record<string, ReportParamValue>>, format: ReportExportFormat): string {
  const dates = decl.params.filter((p) => (p.kind === 'date' || p.kind === 'month' || p.kind === 'year') && params[p.name] !== null && params[p.name] !== undefined).map((p) => String(params[p.name]));
  return `${[decl.name, ...dates].join('-')}.${format}`;
}

/** Hong Kong time 'YYYY-MM-DD HH:mm' of an instant. */
const hkTime = (iso: string) => new Date(new Date(iso).getTime() + HK_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** A cell of the answer as an xlsx value: numbers for money, dates as dates (UTC midnight, as Excel counts days). */
function xlsxValue(c: ReportColumnDecl, v: Cell): ExcelJS.CellValue {
  if (v === null) return null;
  switch (c.kind) {
    case 'money':
    case 'percent':
    case 'integer':
      return typeof v === 'number' ? v : cellNumber(v);
    case 'date':
      return new Date(`${String(v)}T00:00:00Z`);
    case 'datetime':
      return new Date(new Date(String(v)).getTime() + HK_OFFSET_MS);
    default:
      return v;
  }
}

const NUM_FMT: Partial<Record<ReportColumnDecl['kind'], string>> = { money: MONEY, percent: '0.00', integer: '#,##0', date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm' };
const WIDTH = (c: ReportColumnDecl) => (c.width === 'narrow' ? 10 : c.width === 'wide' ? 32 : c.kind === 'money' ? 16 : c.kind === 'date' ? 12 : 18);

function xlsxSink(out: PassThrough, decl: ReportDecl, head: FileHead): Sink {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Harbour';
  const sheet = head.title.replace(/[\\/*?:[\]]/g, '-').slice(0, 31) || decl.name;
  // company, title, the parameters, generated at, a blank line, then the column headers
  const headerRow = head.params.length + 5;
  const ws = wb.addWorksheet(sheet, {
    pageSetup: { paperSize: 9, orientation: decl.print?.orientation ?? 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${headerRow}:${headerRow}` },
    views: [{ state: 'frozen', ySplit: headerRow }],
  });
  ws.columns = decl.columns.map((c) => ({ width: WIDTH(c) }));
  const add = (values: ExcelJS.CellValue[], style?: (row: ExcelJS.Row) => void) => {
    const row = ws.addRow(xmlSafeRow(values));
    style?.(row);
    row.commit();
  };
  add([head.company], (r) => (r.font = { bold: true, size: 12 }));
  add([head.title], (r) => (r.font = { bold: true, size: 14 }));
  for (const [label, value] of head.params) add([label, value]);
  add(head.generatedAt);
  add([]);
  add(head.labels, (r) => {
    r.font = { bold: true };
    r.eachCell((cell, n) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
      cell.border = { bottom: { style: 'thin' } };
      if (isRight(decl.columns[n - 1]!)) cell.alignment = { horizontal: 'right' };
    });
  });
  const styled = (cells: Cell[], extra?: (row: ExcelJS.Row) => void) =>
    add(
      decl.columns.map((c, i) => xlsxValue(c, cells[i] ?? null)),
      (r) => {
        decl.columns.forEach((c, i) => {
          const fmt = NUM_FMT[c.kind];
          if (fmt && cells[i] !== null && cells[i] !== undefined) r.getCell(i + 1).numFmt = fmt;
        });
        extra?.(r);
      },
    );
  return {
    row: (cells) => styled(cells),
    drain: async () => {
      await drained(out);
      await sheetDrained(ws, out);
    },
    end: async (totals) => {
      styled(totals, (r) => {
        r.font = { bold: true };
        r.getCell(1).value = head.totalLabel;
        r.eachCell((cell) => (cell.border = { top: { style: 'thin' } }));
      });
      ws.commit();
      await wb.commit();
    },
  };
}

const isRight = (c: ReportColumnDecl) => c.kind === 'money' || c.kind === 'integer' || c.kind === 'percent';

/** A CSV field (RFC 4180); text that a spreadsheet would run as a formula is quoted with a leading apostrophe. */
function csvField(c: ReportColumnDecl | undefined, v: Cell): string {
  if (v === null) return '';
  let s = String(v);
  if ((!c || !isRight(c)) && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvSink(out: PassThrough, decl: ReportDecl, head: FileHead): Sink {
  const line = (cells: Cell[]) => out.write(`${decl.columns.map((c, i) => csvField(c, cells[i] ?? null)).join(',')}\r\n`);
  out.write(`\uFEFF${head.labels.map((l) => csvField(undefined, l)).join(',')}\r\n`);
  return {
    row: line,
    drain: () => drained(out),
    end: async (totals) => {
      line([head.totalLabel, ...totals.slice(1)]);
      out.end();
      await Promise.resolve();
    },
  };
}

/** Resolves once the reader has taken what was written (at once when it keeps up). */
async function drained(out: PassThrough): Promise<void> {
  // Let the zip and deflate streams move what they hold into `out` first.
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (out.writableNeedDrain) {
    if (out.destroyed) throw new Error('report export: the reader went away');
    await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  if (out.destroyed) throw new Error('report export: the reader went away');
}

/** What the sheet's XML may hold unzipped before the rows wait for the zip to take it. */
const SHEET_BUFFER_BYTES = 1 << 20;

/**
 * Resolves once the sheet's XML waiting for the zip is under `SHEET_BUFFER_BYTES`. exceljs's
 * streaming writer (4.4) hands a sheet to archiver through a stream that ignores backpressure:
 * archiver wraps it in a PassThrough (`ws.stream.pipes`), which takes every row written however
 * far the zip is behind — the whole sheet of a 900,000-row export (about 480 MB) was held there
 * while the answer was read. Waiting on `out` alone does not see it.
 */
async function sheetDrained(ws: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  // archiver's PassThrough is readable-stream 2's, without `writableLength`
  const pipes = (ws as unknown as { stream?: { pipes?: (PassThrough & { _writableState?: { length: number } })[] } }).stream?.pipes ?? [];
  const held = (pipe: (typeof pipes)[number]) => pipe.writableLength ?? pipe._writableState?.length ?? 0;
  for (const pipe of pipes) {
    while (held(pipe) > SHEET_BUFFER_BYTES) {
      if (out.destroyed) throw new Error('report export: the reader went away');
      await Promise.race([once(pipe, 'drain'), once(out, 'close')]);
    }
  }
}

/** A cell of the answer shown as text where the file holds words: enums translated. */
function shownCells(lang: Language, decl: ReportDecl, cells: Record<string, Cell>): Cell[] {
  return decl.columns.map((c) => {
    const v = cells[c.key] ?? null;
    if (v !== null && c.kind === 'enum' && c.enumNs) return translate(lang, `enums.${c.enumNs}.${v}`);
    return v;
  });
}

/**
 * Streams a report as a file. `start` is called once, when the rows are about to be written: the
 * route sends the answer's headers and the body then. An error before that throws (the error
 * envelope answers); an error after it ends the body with that error (the download fails).
 */
export function exportReport(
  ctx: ServiceContext,
  def: ReportDefinition,
  req: { params: Record<string, unknown>; sort?: string },
  format: ReportExportFormat,
  start: (file: ReportFile) => void,
  timeoutMs: number,
): Promise<void> {
  const { decl } = def;
  const lang = ctx.lang;
  return withReportTx(ctx, async (tx) => {
    const { params, query } = await prepare(tx, ctx, def, req.params, timeoutMs);
    const masking = await answerMasking(tx);
    const { totals } = await aggregate(tx, decl, query);
    const company = (await readLenderParticulars(tx, lang)).name;
    const head: FileHead = {
      company,
      title: translate(lang, `reports.${decl.name}.title`),
      params: await Promise.all(decl.params.map(async (p) => [paramLabel(lang, decl, p), await paramText(tx, lang, decl, p, params[p.name] ?? null)] as [string, string])),
      generatedAt: [translate(lang, 'reports.page.generatedAt'), hkTime(new Date().toISOString())],
      labels: decl.columns.map((c) => columnLabel(lang, decl, c)),
      totalLabel: translate(lang, 'reports.page.totals'),
    };
    const out = new PassThrough();
    const sink = format === 'xlsx' ? xlsxSink(out, decl, head) : csvSink(out, decl, head);
    start({ name: exportFileName(decl, params, format), type: CONTENT_TYPES[format], body: out });
    try {
      await tx.execute(sql`declare harbour_report_export no scroll cursor for ${ordered(decl, query, req.sort)}`);
      for (;;) {
        const batch = await tx.execute<Record<string, unknown>>(sql.raw(`fetch forward ${EXPORT_BATCH} from harbour_report_export`));
        for (const r of batch.rows) sink.row(shownCells(lang, decl, cellsOf(decl, r, masking)));
        if (batch.rows.length < EXPORT_BATCH) break;
        await sink.drain();
      }
      await tx.execute(sql.raw('close harbour_report_export'));
      await sink.end(decl.columns.map((c) => (c.total ? (totals[c.key] ?? null) : null)));
    } catch (err) {
      out.destroy(err as Error);
      throw err;
    }
  }, { snapshot: true });
}
