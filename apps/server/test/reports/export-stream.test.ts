import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { reportByName } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from '../../src/modules/reports/export.js';
import type { ReportDefinition } from '../../src/modules/reports/query.js';
import { systemContext } from '../../src/platform/context.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The export's stream against a reader slower than the writer, on a report long enough that the
 * sheet's XML outgrows what the export lets wait for the zip (1 MB): every row arrives once, in
 * order, with the totals. (Before the export waited on the zip as well as the answer, exceljs held
 * the whole sheet in memory while the reader was behind; the bench measures that memory.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ readOnly: true });
});
afterAll(async () => {
  await t.close();
});

const ROWS = 30_000;
/** approvalStatus's declaration over generated rows: as wide as the real report, as long as wanted. */
const generated: ReportDefinition = {
  decl: reportByName('approvalStatus')!,
  query: () => sql`
    select 'AP' || lpad(g::text, 8, '0') as "applyNo", '客戶 ' || g as "customerName", '旺角' as "storeName",
           date '2026-01-01' + (g % 300) as "applyDate", (g * 1.01)::numeric(16, 2) as "amountApplied",
           null::numeric(16, 2) as "amountApproved", 'repaying' as "status", 'staff' as "approver", null::date as "decisionDate"
      from generate_series(1, ${ROWS}) g`,
};

/** Reads a body a chunk at a time, pausing after each: a client on a slow line. */
async function slowly(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    await sleep(1);
  }
  return Buffer.concat(chunks);
}

describe('report export stream', () => {
  it('gives a slow reader every row once, in the asked order, and the totals', { timeout: 120_000 }, async () => {
    let read: Promise<Buffer> | undefined;
    await exportReport(systemContext(t.db, 'export-stream-test'), generated, { params: {}, sort: 'applyNo:asc' }, 'xlsx', (file) => (read = slowly(file.body)), 60_000);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await read!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    const header = Array.from({ length: ws.rowCount }, (_, i) => i + 1).find((n) => values(n).length === 9 && typeof values(n)[4] === 'string')!;
    const body = Array.from({ length: ROWS }, (_, i) => values(header + 1 + i)[0]);
    expect(body).toEqual(Array.from({ length: ROWS }, (_, i) => `AP${String(i + 1).padStart(8, '0')}`));
    // Σ 1.01 g over 1..ROWS, in cents
    const total = values(header + 1 + ROWS)[4] as number;
    expect(Math.round(total * 100)).toBe((101 * ROWS * (ROWS + 1)) / 2);
    expect(ws.rowCount).toBe(header + ROWS + 1);
  });
});
