import type { ImportBatch } from '@harbour/contracts';
import ExcelJS from 'exceljs';
import { call, dataOf } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';

/**
 * An import workbook's rows, in the columns `workbook` writes (the English headers on row 2). The
 * referral agents, blacklist, partakers and instalments sheets are in the workbook only when given.
 */
export interface Book {
  customers: unknown[][];
  loans: unknown[][];
  openings: unknown[][];
  /** the previous system's receipts (the sheet is left out when absent) */
  receipts?: unknown[][];
  /** customer code, loan no., amount, received on */
  temporaryAmounts?: unknown[][];
  /** Chinese name, English name, phone, BR number, licence no., commission basis, commission */
  agents?: unknown[][];
  /** name, ID number, phone, reason */
  blacklist?: unknown[][];
  /** loan no., customer code, role */
  partakers?: unknown[][];
  /** the previous system's schedule: loan no., tenor, due date, principal, interest (the sheet is left out when absent) */
  instalments?: unknown[][];
}

/** A workbook as a lender fills the template: the headers on rows 1–2, the data from row 3. */
export async function workbook(b: Book): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, zh: string[], en: string[], rows: unknown[][]) => {
    const ws = wb.addWorksheet(name);
    ws.addRow(zh);
    ws.addRow(en);
    for (const r of rows) ws.addRow(r);
  };
  sheet('Customers', ['客戶編號'], ['Customer code', 'Type', 'Name', 'English name', 'ID type', 'ID number', 'Mobile 1', 'Date of birth'], b.customers);
  sheet('Loans', ['貸款編號'], ['Loan no.', 'Customer code', 'Store code', 'Status', 'Loan type (code)', 'Application date', 'Loan date', 'Loan amount', 'Tenor', 'Repayment cycle', 'Interest method', 'Flat rate (%)', 'Payout method', 'Overdue interest rate (% a year)', 'Application no.', 'Overdue penalty', 'Referral agent', 'OCA agent (English name)', 'OCA date', 'OCA charge (%)', 'Write-off date', 'Write-off reason'], b.loans);
  if (b.instalments) sheet('Instalments', ['貸款編號'], ['Loan no.', 'Instalment no.', 'Due date', 'Principal', 'Interest'], b.instalments);
  if (b.receipts) sheet('Receipts', ['貸款編號'], ['Loan no.', 'Receipt no.', 'Receipt date', 'Amount', 'Payment method'], b.receipts);
  sheet('Opening positions', ['貸款編號'], ['Loan no.', 'Cut-over date', 'Principal paid', 'Interest paid', 'Overdue interest and fees paid', 'Outstanding principal'], b.openings);
  if (b.temporaryAmounts) sheet('Temporary amounts', ['客戶編號'], ['Customer code', 'Loan no.', 'Amount', 'Received on'], b.temporaryAmounts);
  if (b.agents) sheet('Referral agents', ['中文名稱'], ['Chinese name', 'English name', 'Phone', 'BR number', 'Licence no.', 'Commission basis', 'Commission (% of the loan, or HKD a loan)'], b.agents);
  if (b.blacklist) sheet('Blacklist', ['姓名'], ['Name', 'ID number', 'Phone', 'Reason'], b.blacklist);
  if (b.partakers) sheet('Partakers', ['貸款編號'], ['Loan no.', 'Customer code', 'Role'], b.partakers);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads a workbook (multipart `file`) to an import route for a store and cut-over date, in English unless `lang` says. */
export async function uploadBook<T>(t: TestApp, path: string, file: Buffer, to: { token: string; storeId: number; cutOverDate: string; fileName: string; lang?: string }) {
  const boundary = '----harbourimport';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${to.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/v1${path}?storeId=${to.storeId}&cutOverDate=${to.cutOverDate}`,
    headers: { authorization: `Bearer ${to.token}`, 'accept-language': to.lang ?? 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() as { data: T; message?: string } };
}

/** The batch once its server job has finished (polled as the page polls it). */
export async function finishedBatch(t: TestApp, id: number, token: string): Promise<ImportBatch> {
  for (let i = 0; i < 200; i++) {
    const b = dataOf(await call<ImportBatch>(t.app, 'GET', `/tools/import/batches/${id}`, { token }));
    if (b.state !== 'committing') return b;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the batch did not finish');
}

/**
 * Starts batch `id`'s rollback (a server job) and polls the batch until the job has ended: the
 * request's answer (409 when the batch is not committed) and the batch as the job left it
 * (`rolledBack`, or `committed` with its failure: a refusal's message, or why it failed).
 */
export async function rollBack(t: TestApp, id: number, token: string, lang?: 'en'): Promise<{ statusCode: number; body: unknown; batch: ImportBatch | null }> {
  const res = await call<ImportBatch>(t.app, 'POST', `/tools/import/batches/${id}/rollback`, { token, ...(lang ? { lang } : {}) });
  if (res.statusCode !== 200) return { statusCode: res.statusCode, body: res.body, batch: null };
  for (let i = 0; i < 400; i++) {
    const b = dataOf(await call<ImportBatch>(t.app, 'GET', `/tools/import/batches/${id}`, { token }));
    if (b.state !== 'rollingBack') return { statusCode: res.statusCode, body: res.body, batch: b };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the rollback did not finish');
}
