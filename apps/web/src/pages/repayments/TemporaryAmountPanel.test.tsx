import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi, ok, renderAt, signIn, type Call } from '../../generic/test-harness';
import { TemporaryAmountPanel } from './TemporaryAmountPanel';

const due = { asOf: '2026-11-23', tempAmount: '2500.00', amountDue: '2040.00', nextTenor: 2, status: 'repaying' };
const posted = (path: string) => (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === path);
const applied = posted('/repayments/applyTemporary');
const refunded = posted('/repayments/refundTemporary');
const item = { id: 9, repayNo: 'R0009', repayType: 'temporary' };

/** The panel's own button (the confirm dialog has one of the same name). */
const panelButton = (name: string) => within(screen.getByTestId('temporary-amount-panel')).getByRole('button', { name });
const dialog = async () => within(await screen.findByRole('dialog'));

afterEach(() => vi.unstubAllGlobals());

describe('TemporaryAmountPanel', () => {
  it('shows what is held and applies it to what is due after the confirm dialog, once per key', async () => {
    signIn(['repayment.process', 'repayment.void']);
    const calls = fakeApi((c) => (c.path === '/repayments/applyTemporary' ? ok(item) : undefined));
    const onDone = vi.fn();
    renderAt('/repayment/process', <TemporaryAmountPanel loanId={7} due={due} onDone={onDone} />);
    expect(screen.getByText('2,500.00')).toBeInTheDocument();
    expect(screen.getByText('2,040.00')).toBeInTheDocument();

    fireEvent.click(panelButton('Apply'));
    const confirm = await dialog();
    expect(confirm.getByText('Apply the temporary amount to what is due (Automatic) on 2026-11-23, up to HK$ 2,500.00?')).toBeInTheDocument();
    expect(applied(calls)).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(item));
    const [first] = applied(calls);
    expect(first!.body).toMatchObject({ loanId: 7, repayDate: '2026-11-23', repayType: 'auto' });
    expect(first!.body).not.toHaveProperty('amount');
    expect((first!.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('Temporary amount applied.')).toBeInTheDocument();

    // The next application is a new submission: a new key.
    const instalment = screen.getByRole('radio', { name: 'One instalment' });
    await waitFor(() => expect(instalment).toBeEnabled());
    fireEvent.click(instalment);
    fireEvent.change(await screen.findByLabelText('Tenor'), { target: { value: '2' } });
    fireEvent.change(screen.getAllByLabelText('Amount')[0]!, { target: { value: '1000' } });
    fireEvent.click(panelButton('Apply'));
    await waitFor(() => expect(screen.getByText('Apply HK$ 1,000.00 of the temporary amount (One instalment) on 2026-11-23?')).toBeInTheDocument());
    fireEvent.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(applied(calls)).toHaveLength(2));
    const second = applied(calls)[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({ repayType: 'instalment', tenor: '2', amount: '1000' });
    expect(second.idempotencyKey).not.toBe((first!.body as Record<string, unknown>).idempotencyKey);
  });

  it('refunds by cheque only with its number and a reason, and shows the server’s refusal', async () => {
    signIn(['repayment.process', 'repayment.void']);
    const calls = fakeApi((c) => (c.path === '/repayments/refundTemporary' ? fail(422, 'The amount is more than the temporary amount held (2500.00).') : undefined));
    renderAt('/repayment/process', <TemporaryAmountPanel loanId={7} due={due} />);
    const amount = screen.getAllByLabelText('Amount')[1]!;
    fireEvent.change(amount, { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Cheque' }));
    const chequeNo = await screen.findByLabelText('Cheque no.');
    fireEvent.click(panelButton('Refund'));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(refunded(calls)).toHaveLength(0);

    fireEvent.change(chequeNo, { target: { value: 'HSB-1' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'customer asked' } });
    fireEvent.click(panelButton('Refund'));
    const confirm = await dialog();
    expect(confirm.getByText('Pay HK$ 3,000.00 of the temporary amount back to the customer by Cheque?')).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The amount is more than the temporary amount held (2500.00).')).toBeInTheDocument();
    expect(refunded(calls)[0]!.body).toMatchObject({ loanId: 7, amount: '3000', method: 'cheque', chequeNo: 'HSB-1', reason: 'customer asked' });
  });

  it('offers the refund only to a holder of repayment.void, and nothing to do when nothing is held', () => {
    signIn(['repayment.process']);
    fakeApi(() => undefined);
    const { unmount } = renderAt('/repayment/process', <TemporaryAmountPanel loanId={7} due={due} />);
    expect(panelButton('Apply')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    unmount();
    renderAt('/repayment/process', <TemporaryAmountPanel loanId={7} due={{ ...due, tempAmount: '0.00' }} />);
    expect(screen.getByText('This loan holds no temporary amount.')).toBeInTheDocument();
    expect(panelButton('Apply')).toBeDisabled();
  });
});
