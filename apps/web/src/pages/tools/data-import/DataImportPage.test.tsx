import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportBatch, ImportDryRun } from '@harbour/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderAt } from '../../../generic/test-harness.js';
import { useSession } from '../../../stores/session.js';
import DataImportPage from './DataImportPage.js';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

const store = { store_id: 2, store_name: '旺角分店', english_name: 'Mong Kok' };
function signInManager() {
  useSession.setState({ user: { id: 7, name: 'Tester', roles: ['manager'], jurisdiction: ['tools.dataImport'], stores: [store], visitStore: store } as never });
}

const WITH_PROBLEMS: ImportDryRun = {
  counts: [{ sheet: 'customers', read: 3, valid: 2, rejected: 1 }],
  problems: [
    { sheet: 'customers', row: 4, column: 'idNumber', message: 'The check digit of this HKID is wrong' },
    { sheet: 'customers', row: 4, column: 'dateOfBirth', message: 'Enter a date as YYYY-MM-DD' },
  ],
  reconciliation: { loans: 0, differing: 0 },
};
const CLEAN: ImportDryRun = { counts: [{ sheet: 'customers', read: 3, valid: 3, rejected: 0 }], problems: [], reconciliation: { loans: 0, differing: 0 } };
const batch = (over: Partial<ImportBatch>): ImportBatch => ({
  id: 9, storeId: 2, state: 'committing', fileName: 'book.xlsx', sha256: 'ab', cutOverDate: '2026-11-27',
  rowsTotal: 200, rowsRead: 200, rowsValidated: 150, rowsWritten: 50, problemCount: 0, createdAt: '2026-11-28T10:00:00Z',
  failure: null, rollbackTotal: 0, rollbackDone: 0, updatedAt: new Date().toISOString(), startedByName: 'Tester', committedAt: null, rolledBackAt: null, ...over,
});

const upload = async () => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'book.xlsx')] } });
};

describe('Tools → Data import', () => {
  it('shows counts and every problem by sheet, row and column, and keeps Commit disabled while problems exist', async () => {
    signInManager();
    const calls = fakeApi((c) => (c.path === '/tools/import/batches' ? ok([]) : c.path === '/tools/import/dryRun' ? ok(WITH_PROBLEMS) : undefined));
    renderAt('/tools/dataImport', <DataImportPage />);
    expect(await screen.findByText('No import batch yet')).toBeInTheDocument();
    await upload();
    expect(await screen.findByText('2 problems found: fix the file and upload it again')).toBeInTheDocument();
    const problems = screen.getByRole('table', { name: 'Problems' });
    const rows = within(problems).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Customers', '4', 'ID number', 'The check digit of this HKID is wrong'],
      ['Customers', '4', 'Date of birth', 'Enter a date as YYYY-MM-DD'],
    ]);
    expect(screen.getByRole('button', { name: /Commit/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Download rejected rows/ })).toBeEnabled();
    const dry = calls.find((c) => c.path === '/tools/import/dryRun')!;
    expect([dry.method, dry.query.get('storeId')]).toEqual(['POST', '2']);
  });

  it('commits a clean file after a confirmation naming the rows and the store, then shows the batch’s progress', async () => {
    signInManager();
    let committed = false;
    const calls = fakeApi((c) => {
      if (c.path === '/tools/import/dryRun') return ok(CLEAN);
      if (c.path === '/tools/import/batches' && c.method === 'POST') { committed = true; return ok(batch({})); }
      if (c.path === '/tools/import/batches') return ok(committed ? [batch({})] : []);
      return undefined;
    });
    renderAt('/tools/dataImport', <DataImportPage />);
    await upload();
    expect(await screen.findByText('No problems: the file can be committed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Commit/ }));
    expect(await screen.findByText('Write 3 rows of book.xlsx into Mong Kok (cut-over date —).')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Commit' }));
    expect(await screen.findByText('Importing book.xlsx')).toBeInTheDocument();
    expect(screen.getByText('200 rows: 200 read, 150 validated, 50 written')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/tools/import/batches')).toHaveLength(1);
  });

  it('lists a committed batch and shows why a rollback is refused', async () => {
    signInManager();
    fakeApi((c) => {
      if (c.path === '/tools/import/batches') return ok([batch({ state: 'committed', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z' })]);
      if (c.path === '/tools/import/batches/9/rollback') return { status: 409, body: { result: 'error', status: 409, message: 'A loan of this batch has had a receipt since' } };
      return undefined;
    });
    renderAt('/tools/dataImport', <DataImportPage />);
    expect(await screen.findByText('200 / 200')).toBeInTheDocument();
    expect(document.querySelector('.ant-tag')).toHaveTextContent('Committed');
    fireEvent.click(screen.getByRole('button', { name: 'Roll back' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(screen.getByText('A loan of this batch has had a receipt since')).toBeInTheDocument());
  });

  it('starts a rollback as a job and shows its progress while the batch is rolling back; a failed one is named on the committed batch', async () => {
    signInManager();
    let rolling = false;
    const calls = fakeApi((c) => {
      if (c.path === '/tools/import/batches/9/rollback') {
        rolling = true;
        return ok(batch({ state: 'rollingBack', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z' }));
      }
      if (c.path === '/tools/import/batches') {
        return ok([rolling
          ? batch({ state: 'rollingBack', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z', rollbackTotal: 400, rollbackDone: 100 })
          : batch({ state: 'committed', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z', failure: 'The rollback could not be completed' })]);
      }
      return undefined;
    });
    renderAt('/tools/dataImport', <DataImportPage />);
    expect(await screen.findByText('The last rollback failed: The rollback could not be completed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Roll back' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rolling back book.xlsx')).toBeInTheDocument();
    expect(screen.getByText('100 of 400 done: opening entries reversed, then records removed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rollback progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(document.querySelector('.ant-tag')).toHaveTextContent('Rolling back');
    expect(screen.queryByRole('button', { name: 'Roll back' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/tools/import/batches/9/rollback')).toHaveLength(1);
  });

  it('offers to roll back again a batch whose rollback has not moved for minutes (its server may have stopped), not one at work', async () => {
    signInManager();
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const calls = fakeApi((c) => {
      if (c.path === '/tools/import/batches/9/rollback') return ok(batch({ state: 'rollingBack', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z' }));
      if (c.path === '/tools/import/batches') {
        return ok([
          batch({ id: 9, state: 'rollingBack', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z', rollbackTotal: 400, rollbackDone: 100, updatedAt: minutesAgo(5) }),
          batch({ id: 8, fileName: 'other.xlsx', state: 'rollingBack', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z', rollbackTotal: 400, rollbackDone: 300, updatedAt: minutesAgo(0) }),
        ]);
      }
      return undefined;
    });
    renderAt('/tools/dataImport', <DataImportPage />);
    expect(await screen.findByText('No progress for over two minutes: the server may have stopped during the rollback (nothing of it was kept).')).toBeInTheDocument();
    // one button: the stalled batch's, not the one at work
    const again = screen.getAllByRole('button', { name: 'Roll back again' });
    expect(again).toHaveLength(1);
    fireEvent.click(again[0]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/tools/import/batches/9/rollback')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/tools/import/batches/8/rollback')).toHaveLength(0);
  });

  it('opens a committed batch’s reconciliation: Harbour’s figures, the previous system’s where they differ, the totals, and the differences alone', async () => {
    signInManager();
    const harbour = { principalPaid: '3000.00', interestPaid: '540.00', overduePaid: '111.05', outstandingPrincipal: '9000.00', tempHeld: '88.95', overdueAmount: '1120.00', overdueCharges: '12.30', daysOverdue: 13 };
    const loans = [
      { row: 3, loanId: 41, loanNo: 'L-001', customerName: '李小龍', status: 'repaying', cutOverDate: '2026-11-27', file: { ...harbour, interestPaid: '530.00' }, harbour, differences: ['interestPaid'] },
      { row: 4, loanId: 42, loanNo: 'L-002', customerName: 'Tam Ka Yan', status: 'repaying', cutOverDate: '2026-11-27', file: null, harbour, differences: [] },
    ];
    const totals = { storeName: 'Mong Kok', loans: 2, differing: 1, file: { principalPaid: '3000.00', interestPaid: '530.00', overduePaid: '111.05', outstandingPrincipal: '9000.00' }, harbour: { ...harbour, principalPaid: '6000.00' } };
    const calls = fakeApi((c) => {
      if (c.path === '/tools/import/batches') return ok([batch({ state: 'committed', rowsWritten: 200, committedAt: '2026-11-28T10:01:00Z' })]);
      if (c.path === '/tools/import/batches/9/reconciliation') {
        const items = c.query.get('differing') === 'true' ? loans.slice(0, 1) : loans;
        return ok({ batch: { id: 9, fileName: 'book.xlsx', state: 'committed', cutOverDate: '2026-11-27' }, totals, items, total: items.length, page: 1, pageSize: 20 });
      }
      return undefined;
    });
    renderAt('/tools/dataImport', <DataImportPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reconciliation' }));
    const table = await screen.findByRole('table', { name: 'Reconciliation of the import' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[0]!.slice(0, 5)).toEqual(['L-001Row 3', '李小龍', 'Repaying', '3,000.00', '540.00previous system: 530.00']);
    // the count shown, the figures named on hover and to a screen reader
    expect(rows[0]!.at(-1)).toBe('1 differsInterest paid');
    expect(within(table).getByTitle('Interest paid')).toBeInTheDocument();
    expect(rows[1]!.at(-1)).toBe('From its receipts');
    expect(screen.getByText('Totals for Mong Kok')).toBeInTheDocument();
    expect(screen.getByText('6,000.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Reconciliation of the import' })).queryByText('L-002')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/tools/import/batches/9/reconciliation' && c.query.get('differing') === 'true')).toBe(true);
  });
});
