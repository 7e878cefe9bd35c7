import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalculatorResult } from '@harbour/contracts';
import { fail, fakeApi, ok, renderAt, type Call } from '../../generic/test-harness';
import CalculatorPage from './CalculatorPage';

const OPTIONS = { interestMethods: ['amortization', 'interest-first'], ruleOf78: true, decimalPlaces: 2, maxApr: '48', maxAprExcessAction: 'prompt-and-confirm' };

/** What the server answers for 50,000 at 0.7 % flat over 3 months (a short schedule for the test). */
const RESULT: CalculatorResult = {
  instalmentAmount: '17016.67',
  totalInterest: '1050.00',
  totalRepayment: '51050.00',
  extendedInterest: '0.00',
  extendedDays: 0,
  flatRate: '0.7000',
  effectiveRate: '16.5432',
  nominalRate: '15.4321',
  mloRate: '16.5432',
  mloStatus: 'ok',
  excess: { exceeded: false, outcome: 'none', maxApr: '48', rate: '16.5432' },
  schedule: [
    { tenor: 1, dueDate: '2026-04-10', principal: '16666.67', interest: '350.00', instalment: '17016.67', balance: '33333.33' },
    { tenor: 2, dueDate: '2026-05-10', principal: '16666.67', interest: '350.00', instalment: '17016.67', balance: '16666.66' },
    { tenor: 3, dueDate: '2026-06-10', principal: '16666.66', interest: '350.00', instalment: '17016.66', balance: '0.00' },
  ],
};

const calcCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/tools/calculator');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

/** antd forms render slowly in happy-dom on a busy machine; the waits inside stay short. */
const SLOW = 60_000;

describe('CalculatorPage', () => {
  it('shows the server’s schedule as the terms are typed, with one request per pause', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/tools/calculator/options') return ok(OPTIONS);
      if (c.path === '/tools/calculator') return ok(RESULT);
      return undefined;
    });
    renderAt('/tools/calculator', <CalculatorPage />);
    expect(screen.getByText('Enter the loan amount, tenor and a rate')).toBeInTheDocument();

    type('Loan amount', '50000');
    type('Total tenor', '3');
    type('Rate (%)', '0.7');

    // Summary and schedule from the answer: amounts grouped with two decimals, dates YYYY-MM-DD.
    // the instalment: once in the summary, twice in the schedule
    expect(await screen.findAllByText('17,016.67', {}, { timeout: 10_000 })).toHaveLength(3);
    expect(screen.getAllByText('1,050.00')).toHaveLength(2); // summary and schedule total
    expect(screen.getAllByText('16.54%')).toHaveLength(2); // effective and MLO rate
    expect(within(screen.getByTestId('mlo')).getByText('Within 36%')).toBeInTheDocument();
    const table = document.querySelector<HTMLElement>('.calc-schedule')!;
    expect(within(table).getByText('2026-05-10')).toBeInTheDocument();
    expect(within(table).getByText('33,333.33')).toBeInTheDocument();

    // The three quick edits were sent as one request, with the text exactly as typed.
    const sent = calcCalls(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ loanAmount: '50000', totalTenor: 3, flatRate: '0.7', repayCycle: 'monthly', interestMethod: 'amortization', cycleMonths: 1 });
    expect(sent[0]!.body).not.toHaveProperty('effectiveRate');

    // Switching to an effective rate sends that field instead.
    fireEvent.click(screen.getByRole('radio', { name: 'Effective annual rate' }));
    await waitFor(() => expect(calcCalls(calls)).toHaveLength(2), { timeout: 10_000 });
    expect(calcCalls(calls)[1]!.body).toMatchObject({ effectiveRate: '0.7' });
    expect(calcCalls(calls)[1]!.body).not.toHaveProperty('flatRate');
  }, SLOW);

  it('puts the server’s field errors under the inputs and hides a stale result', async () => {
    fakeApi((c) => {
      if (c.path === '/tools/calculator/options') return ok(OPTIONS);
      if (c.path === '/tools/calculator') {
        const body = c.body as { totalTenor: number };
        return body.totalTenor > 0 ? ok(RESULT) : fail(400, 'Please check the highlighted fields.', [{ field: 'totalTenor', message: 'At least 1 instalment' }]);
      }
      return undefined;
    });
    renderAt('/tools/calculator', <CalculatorPage />);
    type('Loan amount', '50000');
    type('Rate (%)', '0.7');
    expect(await screen.findAllByText('17,016.67', {}, { timeout: 10_000 })).not.toHaveLength(0);

    type('Total tenor', '0');
    expect(await screen.findByText('At least 1 instalment', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('17,016.67')).not.toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted fields')).toBeInTheDocument();
  }, SLOW);

  it('shows the maximum APR action: confirmation when the settings ask for it', async () => {
    fakeApi((c) => {
      if (c.path === '/tools/calculator/options') return ok(OPTIONS);
      if (c.path === '/tools/calculator')
        return ok({ ...RESULT, mloRate: '50.6738', mloStatus: 'illegal', excess: { exceeded: true, outcome: 'needs-confirmation', maxApr: '48', rate: '50.6738' } });
      return undefined;
    });
    renderAt('/tools/calculator', <CalculatorPage />);
    type('Loan amount', '10000');
    type('Rate (%)', '2');
    expect(await screen.findByText('Over 48%: illegal', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/maximum APR of 48%: a loan on these terms needs confirmation/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(await screen.findByRole('button', { name: 'Confirmed' })).toBeDisabled();
  }, SLOW);

  it('exports the shown calculation as an xlsx saved under the server’s file name', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/tools/calculator/options') return ok(OPTIONS);
      if (c.path === '/tools/calculator') return ok(RESULT);
      return undefined;
    });
    // The export answers a file, not an envelope; everything else goes to the fake API.
    const api = globalThis.fetch;
    const exports: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/tools/calculator/export')) return api(input, init);
      exports.push(JSON.parse(String(init?.body)));
      return new Response('PK', { headers: { 'Content-Disposition': `attachment; filename="repayment-schedule-2026-03-10.xlsx"` } });
    });
    const saved: string[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:calc';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderAt('/tools/calculator', <CalculatorPage />);
      type('Loan amount', '50000');
      type('Total tenor', '3');
      type('Rate (%)', '0.7');
      expect(await screen.findAllByText('17,016.67', {}, { timeout: 10_000 })).toHaveLength(3);
      fireEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
      await waitFor(() => expect(saved).toEqual(['repayment-schedule-2026-03-10.xlsx']), { timeout: 10_000 });
      // the file is of the calculation on screen: the body of the last calculation request
      expect(exports).toEqual([calcCalls(calls).at(-1)!.body]);
    } finally {
      click.mockRestore();
      URL.createObjectURL = create;
    }
  }, SLOW);

  it('offers only the interest methods the settings enable', async () => {
    fakeApi((c) => (c.path === '/tools/calculator/options' ? ok({ ...OPTIONS, interestMethods: ['interest-first'], ruleOf78: false }) : undefined));
    renderAt('/tools/calculator', <CalculatorPage />);
    const only = await screen.findByRole('radio', { name: 'Interest first' });
    await waitFor(() => expect(only).toBeChecked());
    expect(screen.queryByRole('radio', { name: 'Amortization' })).not.toBeInTheDocument();
    expect(screen.queryByText('Rule of 78')).not.toBeInTheDocument();
  }, SLOW);
});
