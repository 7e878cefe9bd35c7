/**
 * Bringing a lender's book in at volume (docs/import.md): the real server (test mode) on a fresh
 * embedded database with the demo data; a workbook of `HARBOUR_BENCH_IMPORT_LOANS` loans (one
 * customer each; every tenth repaid in full, given as an opening position; the others part-paid,
 * given as `HARBOUR_BENCH_IMPORT_RECEIPTS` receipts of the previous system each, 10 by default —
 * the goal's ~10 receipts and 12 instalments a loan — or, at 0, as an opening position too) is
 * checked (`POST /tools/import/dryRun`) and committed (`POST /tools/import/batches`, the server's
 * job polled to its end) while the server's resident memory is sampled, and last rolled back (the
 * server's rollback job, polled to its end likewise). Beside it, in the same run
 * on the same machine, the bench seed writes the same number of loans straight through SQL (no
 * checks, no triggers): the floor of what writing that book costs here.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { dec, moneyText } from '@harbour/domain';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { adminLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { memoryOf } from '../lib/memory.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';
import { benchIdNumber } from '../seed/customers.js';
import { seedBench } from '../seed/index.js';

const PART = 'import';
const LOANS = Number(process.env.HARBOUR_BENCH_IMPORT_LOANS ?? 50_000);
/** receipts a part-paid loan brings (one an instalment, on its due date; at most 10: the cut-over comes after the tenth) */
const RECEIPTS = Math.min(10, Number(process.env.HARBOUR_BENCH_IMPORT_RECEIPTS ?? 10));
/** `HARBOUR_BENCH_IMPORT_FLOOR=0` leaves out the floor (the bench seed's SQL on the same database) */
const FLOOR = process.env.HARBOUR_BENCH_IMPORT_FLOOR !== '0';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 12 monthly instalments of 1,000 principal and 150 flat interest (1.5% a month on 12,000). */
const TERMS = { amount: '12000', tenor: 12, principal: '1000', interest: '180' };

/** The workbook an old system's export would give, headers as the template has them (English row 2). */
async function workbook(storeCode: string, cutOver: string): Promise<{ file: Buffer; receiptRows: number; openingRows: number }> {
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, headers: string[]) => {
    const ws = wb.addWorksheet(name);
    ws.addRow(headers);
    ws.addRow(headers);
    return ws;
  };
  const customers = sheet('Customers', ['Customer code', 'Type', 'Name', 'English name', 'ID type', 'ID number', 'Mobile 1', 'Date of birth']);
  const loans = sheet('Loans', ['Loan no.', 'Customer code', 'Store code', 'Status', 'Loan type (code)', 'Application date', 'Loan date', 'Loan amount', 'Tenor', 'Repayment cycle', 'Interest method', 'Flat rate (%)', 'Payout method']);
  const openings = sheet('Opening positions', ['Loan no.', 'Cut-over date', 'Principal paid', 'Interest paid', 'Overdue interest and fees paid', 'Outstanding principal']);
  const receipts = RECEIPTS > 0 ? sheet('Receipts', ['Loan no.', 'Receipt no.', 'Receipt date', 'Amount', 'Payment method']) : null;
  const instalment = moneyText(dec(TERMS.principal).plus(dec(TERMS.interest)));
  let receiptRows = 0;
  for (let i = 0; i < LOANS; i++) {
    const code = `OLD-C${String(i).padStart(6, '0')}`;
    const loanNo = `OLD-L${String(i).padStart(6, '0')}`;
    customers.addRow([code, 'personal', `客戶${i}`, `CUSTOMER ${i}`, 'hkid', benchIdNumber(5_000_000 + i), `9${String(1_000_000 + i).slice(-7)}`, '1980-01-01']);
    loans.addRow([loanNo, code, storeCode, i % 10 === 0 ? 'complete' : 'repaying', 'private_loan', '2026-01-10', '2026-01-15', TERMS.amount, TERMS.tenor, 'monthly', 'amortization', '1.5', 'cash']);
    if (receipts && i % 10 !== 0) {
      // each instalment paid on its due date (the 15th of each month from February)
      for (let k = 1; k <= RECEIPTS; k++) receipts.addRow([loanNo, `OLD-R${String(i).padStart(6, '0')}-${String(k).padStart(2, '0')}`, `2026-${String(k + 1).padStart(2, '0')}-15`, instalment, 'cash']);
      receiptRows += RECEIPTS;
      continue;
    }
    const paidTenors = i % 10 === 0 ? 12 : i % 10;
    const principal = dec(TERMS.principal).times(paidTenors);
    openings.addRow([loanNo, cutOver, moneyText(principal), moneyText(dec(TERMS.interest).times(paidTenors)), '0', moneyText(dec(TERMS.amount).minus(principal))]);
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), receiptRows, openingRows: LOANS - receiptRows / Math.max(RECEIPTS, 1) };
}

async function upload(baseURL: string, authorization: string, url: string, file: Buffer): Promise<{ status: number; body: { data?: unknown; message?: string } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'book.xlsx');
  const res = await fetch(`${baseURL}${API}${url}`, { method: 'POST', headers: { authorization }, body: form });
  return { status: res.status, body: (await res.json()) as { data?: unknown; message?: string } };
}

export async function benchImport(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/import-server.log') });
    } catch (err) {
      return [na(PART, 'import', errorText(err))];
    }
    const authorization = await adminLogin(server.baseURL);
    const { visitStore } = (await (await fetch(`${server.baseURL}${API}/userInfo`, { headers: { authorization } })).json()).data as { visitStore: { store_id: number; store_code?: string } };
    const storeId = visitStore.store_id;
    const stores = (await (await fetch(`${server.baseURL}${API}/stores?pageSize=100`, { headers: { authorization } })).json()).data as { items?: { id: number; code: string }[] } | { id: number; code: string }[];
    const storeCode = (Array.isArray(stores) ? stores : (stores.items ?? [])).find((s) => s.id === storeId)!.code;
    const cutOver = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    let t0 = performance.now();
    const { file, receiptRows, openingRows } = await workbook(storeCode, cutOver);
    const buildS = (performance.now() - t0) / 1000;
    const query = `?storeId=${storeId}&cutOverDate=${cutOver}`;
    const before = memoryOf(server.pid);
    t0 = performance.now();
    const dry = await upload(server.baseURL, authorization, `/tools/import/dryRun${query}`, file);
    const dryS = (performance.now() - t0) / 1000;
    const problems = (dry.body.data as { problems?: unknown[] } | undefined)?.problems?.length ?? -1;
    if (dry.status !== 200 || problems !== 0) return [na(PART, 'dry run', `HTTP ${dry.status}, ${problems} problems: ${dry.body.message ?? ''}`)];
    const afterDry = memoryOf(server.pid);
    t0 = performance.now();
    const started = await upload(server.baseURL, authorization, `/tools/import/batches${query}`, file);
    if (started.status !== 200) return [na(PART, 'commit', `HTTP ${started.status}: ${started.body.message ?? ''}`)];
    const id = (started.body.data as { id: number }).id;
    let peak = afterDry.rss;
    let state = 'committing';
    let failure: string | null = null;
    while (state === 'committing') {
      await sleep(500);
      peak = Math.max(peak, memoryOf(server.pid).rss);
      const b = (await (await fetch(`${server.baseURL}${API}/tools/import/batches/${id}`, { headers: { authorization } })).json()).data as { state: string; failure: string | null };
      state = b.state;
      failure = b.failure;
    }
    const commitS = (performance.now() - t0) / 1000;
    if (state !== 'committed') return [na(PART, 'commit', `the batch ended ${state}: ${failure ?? ''}`)];
    const peakAll = Math.max(peak, memoryOf(server.pid).peak);
    // the floor: the same number of loans written by the bench seed's SQL on this database
    console.log(`bench: import — dry run ${fmt(dryS, 1)} s, commit ${fmt(commitS, 1)} s, RSS ${fmt(before.rss)} → ${fmt(afterDry.rss)} → ${fmt(peakAll)} MB; the floor next`);
    // (its failure is reported on its own line: the import's figures above stand without it)
    let seedS: number | null = null;
    let seedFailure = 'left out (HARBOUR_BENCH_IMPORT_FLOOR=0)';
    if (FLOOR) {
      const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
      t0 = performance.now();
      try {
        await seedBench(databaseUrl, { loans: LOANS });
        seedS = (performance.now() - t0) / 1000;
      } catch (err) {
        seedFailure = errorText(err);
      }
    }
    // the rollback of the whole batch (docs/import.md → The rollback), after the floor so the floor
    // writes on a database of the same size as the import's: a server job, polled to its end while
    // the server's RSS is sampled
    const beforeRollback = memoryOf(server.pid);
    let rollbackPeak = beforeRollback.rss;
    t0 = performance.now();
    const rolled = await fetch(`${server.baseURL}${API}/tools/import/batches/${id}/rollback`, { method: 'POST', headers: { authorization } });
    let rolledState = rolled.ok ? ((await rolled.json()).data as { state: string }).state : `HTTP ${rolled.status}`;
    let rollbackFailure: string | null = null;
    while (rolledState === 'rollingBack') {
      await sleep(500);
      rollbackPeak = Math.max(rollbackPeak, memoryOf(server.pid).rss);
      const b = (await (await fetch(`${server.baseURL}${API}/tools/import/batches/${id}`, { headers: { authorization } })).json()).data as { state: string; failure: string | null };
      rolledState = b.state;
      rollbackFailure = b.failure;
    }
    const rollbackS = (performance.now() - t0) / 1000;
    console.log(`bench: import — rollback ${fmt(rollbackS, 1)} s, ended ${rolledState}, RSS ${fmt(beforeRollback.rss)} → peak ${fmt(rollbackPeak)} MB`);
    // customers, loans, opening positions and receipts: the rows the dry run reads
    const rows = LOANS * 2 + openingRows + receiptRows;
    return [
      { part: PART, name: `workbook of ${fmt(LOANS)} loans (${fmt(LOANS * TERMS.tenor)} instalments), ${fmt(LOANS)} customers, ${fmt(openingRows)} opening positions and ${fmt(receiptRows)} receipts (${fmt(file.length / 1024 / 1024, 1)} MB) built`, value: `${fmt(buildS, 1)} s` },
      { part: PART, name: `dry run (${fmt(rows)} rows, every row checked, schedules and rates computed, receipts replayed)`, value: `${fmt(dryS, 1)} s, ${fmt(rows / dryS)} rows/s` },
      { part: PART, name: 'commit (checked again, written in one transaction by the server job)', value: `${fmt(commitS, 1)} s, ${fmt(LOANS / commitS)} loans/s` },
      { part: PART, name: 'dry run + commit (goal ≤ 600 s at 50,000 loans)', value: `${fmt(dryS + commitS, 1)} s${dryS + commitS > 600 && LOANS >= 50_000 ? ' — OVER 600 s' : ''}` },
      { part: PART, name: 'server RSS: before, after the dry run, peak (goal growth ≤ 300 MB)', value: `${fmt(before.rss)} → ${fmt(afterDry.rss)} → ${fmt(peakAll)} MB, growth ${fmt(peakAll - before.rss)} MB${peakAll - before.rss > 300 ? ' — OVER 300 MB' : ''}` },
      seedS === null
        ? na(PART, `the bench seed's SQL writing ${fmt(LOANS)} loans and their history (no checks; the floor)`, seedFailure)
        : { part: PART, name: `the bench seed's SQL writing ${fmt(LOANS)} loans and their history (no checks; the floor)`, value: `${fmt(seedS, 1)} s; import ÷ floor ${fmt((dryS + commitS) / seedS, 1)}×` },
      rolledState === 'rolledBack'
        ? { part: PART, name: 'rollback of the batch (a server job: its opening entries reversed, its records removed); server RSS before → peak', value: `${fmt(rollbackS, 1)} s; ${fmt(beforeRollback.rss)} → ${fmt(rollbackPeak)} MB` }
        : na(PART, 'rollback of the batch', `ended ${rolledState}${rollbackFailure ? `: ${rollbackFailure}` : ''}`),
    ];
  } catch (err) {
    return [na(PART, 'import', errorText(err))];
  } finally {
    await server?.stop();
  }
}
