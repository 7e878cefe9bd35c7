import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi, ok, renderAt, type Call } from '../../generic/test-harness';
import { ImportHolidaysDialog } from './ImportHolidaysDialog';

const imports = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/holidays/import');
const dialogButton = (name: string) => screen.getAllByRole('button', { name }).at(-1)!;

afterEach(() => vi.unstubAllGlobals());

describe('ImportHolidaysDialog', () => {
  it('imports the Hong Kong holidays of the chosen year and tells how many were added', async () => {
    const calls = fakeApi((c) => (c.path === '/holidays/import' ? ok({ added: 9, skipped: 8, total: 17 }) : undefined));
    renderAt('/masterdata/holidays', <ImportHolidaysDialog open onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.click(dialogButton('Import'));
    expect(await screen.findByText('Added 9 holidays, skipped 8 dates already listed')).toBeInTheDocument();
    expect(imports(calls)[0]!.body).toEqual({ source: 'rules', year: 2026 });
  });

  it('sends an 1823 file as its text and shows the server’s refusal', async () => {
    const calls = fakeApi((c) =>
      c.path === '/holidays/import' ? fail(400, 'This is not an 1823 public-holiday file', [{ field: 'file', message: 'x' }]) : undefined,
    );
    const { container } = renderAt('/masterdata/holidays', <ImportHolidaysDialog open onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: '1823 file' }));
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(container).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['{"hello":"world"}'], 'other.json', { type: 'application/json' })] } });
    expect(await screen.findByText('other.json')).toBeInTheDocument();
    fireEvent.click(dialogButton('Import'));
    expect(await screen.findByText('This is not an 1823 public-holiday file')).toBeInTheDocument();
    expect(imports(calls)[0]!.body).toEqual({ source: '1823', file: '{"hello":"world"}' });
  });

  it('refuses a file far larger than any holiday file without sending it', async () => {
    const calls = fakeApi(() => undefined);
    renderAt('/masterdata/holidays', <ImportHolidaysDialog open onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: '1823 file' }));
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(1024 * 1024 + 1)], 'big.json')] } });
    expect(await screen.findByText('The file is too large (1 MB at most)')).toBeInTheDocument();
    await waitFor(() => expect(dialogButton('Import')).toBeDisabled());
    expect(imports(calls)).toHaveLength(0);
  });
});
