/**
 * Bank reconciliation at volume (docs/bank-reconciliation.md): the real server (test mode) on a
 * fresh embedded database with the demo data and a book of bench loans, then a 10,000-line
 * camt.053 statement of one store's bank account — 70 % credits whose reference names a loan
 * (matched), 10 % payer names without a due amount, 10 % unknown payers (both left unmatched) and
 * 10 % debits — imported and matched in one request, then "post all" posting every matched line
 * as the counter's receipt. Beside it, in the same run on the same database, the counter's own
 * receipts per second (the receipts part's measure), so a posted line's cost reads against a
 * receipt's.
 */
import path from 'node:path';
import pg from 'pg';
import { dec, moneyText, sum } from '@harbour/domain';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { camt053, type CamtEntry } from '../../apps/server/test/helpers/camt053.js';
import { adminLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';
import { seedBench } from '../seed/index.js';
import { CONNECTIONS, counterReceipts, receivingLoans } from './receipts-bench.js';

const PART = 'bank';
const LINES = Number(process.env.HARBOUR_BENCH_BANK_LINES ?? 10_000);
const LOANS = Number(process.env.HARBOUR_BENCH_RECEIPT_LOANS ?? 5_000);
const DURATION_S = Number(process.env.HARBOUR_BENCH_SECONDS ?? 10);

async function api<T>(baseURL: string, authorization: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${API}${url}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { data?: T; message?: string };
  if (!res.ok || answer.data === undefined) throw new Error(`${method} ${url}: HTTP ${res.status} ${answer.message ?? ''}`);
  return answer.data;
}

/** The statement's lines: every tenth of each kind, spread over the store's receiving loans. */
function statementLines(loans: readonly { loanNo: string; name: string }[]): CamtEntry[] {
  return Array.from({ length: LINES }, (_, i): CamtEntry => {
    const loan = loans[i % loans.length]!;
    const id = `BENCH${String(i).padStart(6, '0')}`;
    const kind = i % 10;
    if (kind < 7) return { id, amount: '10.00', cd: 'CRDT', ref: `REPAY ${loan.loanNo}`, payer: loan.name };
    if (kind === 7) return { id, amount: '10.00', cd: 'CRDT', ref: 'monthly', payer: loan.name };
    if (kind === 8) return { id, amount: '250.00', cd: 'CRDT', ref: `INV ${i}`, payer: `UNKNOWN TRADING ${i}` };
    return { id, amount: '12.00', cd: 'DBIT', ref: 'BANK CHARGES' };
  });
}

export async function benchBank(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/bank-server.log') });
    } catch (err) {
      return [na(PART, 'statement import', errorText(err))];
    }
    const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
    await seedBench(databaseUrl, { loans: LOANS });
    const authorization = await adminLogin(server.baseURL);
    const { visitStore } = await api<{ visitStore: { store_id: number } }>(server.baseURL, authorization, 'GET', '/userInfo');
    const account = await api<{ id: number }>(server.baseURL, authorization, 'POST', '/bankAccounts', {
      bankName: '香港上海滙豐銀行', bankCode: '004', accountName: 'Harbour Finance Ltd', accountNo: '012-345678-001', ledgerAccount: 'bank2',
    });
    const loanIds = await receivingLoans(databaseUrl, visitStore.store_id);
    if (loanIds.length === 0) return [na(PART, 'statement import', 'no repaying loan in the store of the bench book')];
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows: loans } = await db.query<{ loanNo: string; name: string }>(
      `select l.loan_no "loanNo", c.name from loans l join customers c on c.id = l.customer_id where l.id = any($1) order by l.id`,
      [loanIds],
    );
    const today = (await db.query<{ today: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') today`)).rows[0]!.today;
    await db.end();
    const entries = statementLines(loans);
    // the closing balance in decimals, as the statement's own figures are
    const credits = sum(entries.filter((e) => e.cd === 'CRDT').map((e) => dec(e.amount)));
    const debits = sum(entries.filter((e) => e.cd === 'DBIT').map((e) => dec(e.amount)));
    const content = camt053('BENCH-STMT', today, entries, '0.00', moneyText(credits.minus(debits)));

    let t0 = performance.now();
    const imported = await api<{ added: number; statement: { id: number } }>(server.baseURL, authorization, 'POST', '/bankStatements/import', {
      bankAccountId: account.id, format: 'camt053', fileName: 'bench.xml', content,
    });
    const importS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    const post = await api<{ posted: number; skipped: number; failed: unknown[] }>(server.baseURL, authorization, 'POST', `/bankStatements/${imported.statement.id}/postMatched`);
    const postS = (performance.now() - t0) / 1000;
    const counter = await counterReceipts(server.baseURL, authorization, loanIds, DURATION_S);
    const figures: Figure[] = [
      { part: PART, name: `camt.053 of ${fmt(LINES)} lines (${fmt(content.length / 1024 / 1024, 1)} MB) imported and matched`, value: `${fmt(importS, 1)} s, ${fmt(imported.added / importS)} lines/s` },
      {
        part: PART,
        name: '"post all": matched lines posted as receipts, one after another',
        value: `${fmt(post.posted)} posted in ${fmt(postS, 1)} s, ${fmt(post.posted / postS)} lines/s${post.failed.length ? ` (${post.failed.length} refused)` : ''}`,
      },
    ];
    if ('refused' in counter) figures.push(na(PART, 'counter receipts', counter.refused));
    else {
      figures.push({ part: PART, name: `the counter's POST /repayments, ${CONNECTIONS} connections`, value: `${fmt(counter.rps)} receipts/s` });
      figures.push({ part: PART, name: 'posted lines/s ÷ counter receipts/s', value: fmt(post.posted / postS / counter.rps, 2) });
    }
    return figures;
  } catch (err) {
    return [na(PART, 'statement import', errorText(err))];
  } finally {
    await server?.stop();
  }
}
