import { APP } from '@kassa/contract/access';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceSummary, savedInvoice } from '../../test/invoice-fixtures.ts';
import { mockApi, ok, okPage, routeOf, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeClerk, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { InvoicesPage } from './invoices-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog, toastApiError } = await import('../../lib/toast.ts');

beforeEach(() => {
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(toastApiError).mockClear();
});

describe('Invoices page', () => {
  it('lists invoices with totals and filters by status', async () => {
    const calls = mockApi(() =>
      okPage([invoiceSummary(), invoiceSummary({ id: 'i-2', invoice_number: 'INV-000002', status: 'paid' })]),
    );
    renderMerchantPage(<InvoicesPage />);
    const rows = await screen.findAllByTestId('invoice-row');
    expect(within(rows[0]!).getByTestId('invoice-total').textContent).toBe('$250.00');
    expect(within(rows[1]!).getByTestId('invoice-status').textContent).toBe('paid');

    fireEvent.click(screen.getByTestId('status-overdue'));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('status=overdue'));
  });

  it('deletes a draft but voids a sent invoice, each after its own confirm', async () => {
    const calls = mockApi((config) =>
      config.method === 'delete'
        ? ok(null, 'Done')
        : okPage([invoiceSummary(), invoiceSummary({ id: 'i-2', invoice_number: 'INV-000002', status: 'sent' })]),
    );
    renderMerchantPage(<InvoicesPage />);
    const rows = await screen.findAllByTestId('invoice-row');
    vi.mocked(confirmDialog).mockResolvedValue(true);

    fireEvent.click(within(rows[0]!).getByTestId('invoice-actions'));
    fireEvent.click(await within(rows[0]!).findByTestId('invoice-delete'));
    await waitFor(() =>
      expect(confirmDialog).toHaveBeenLastCalledWith(
        expect.objectContaining({ confirmButtonText: 'Yes, delete draft' }),
      ),
    );
    await waitForCall(calls, `DELETE /invoice/${invoiceSummary().id}/`);

    fireEvent.click(within(rows[1]!).getByTestId('invoice-actions'));
    fireEvent.click(await within(rows[1]!).findByTestId('invoice-delete'));
    await waitFor(() =>
      expect(confirmDialog).toHaveBeenLastCalledWith(
        expect.objectContaining({ confirmButtonText: 'Yes, void invoice' }),
      ),
    );
    await waitForCall(calls, 'DELETE /invoice/i-2/');
  });

  it('falls back to "Something went wrong." when a delete fails without a message (docs/product-rules.md#error-messages)', async () => {
    mockApi((config) => (config.method === 'delete' ? { status: 500, data: {} } : okPage([invoiceSummary()])));
    renderMerchantPage(<InvoicesPage />);
    const row = await screen.findByTestId('invoice-row');
    vi.mocked(confirmDialog).mockResolvedValue(true);
    fireEvent.click(within(row).getByTestId('invoice-actions'));
    fireEvent.click(await within(row).findByTestId('invoice-delete'));
    await waitFor(() => expect(toastApiError).toHaveBeenCalledWith({}, 'Something went wrong.'));
  });

  it('gives a clerk with view access only no create, send or delete actions', async () => {
    mockApi(() => okPage([invoiceSummary()]));
    renderMerchantPage(<InvoicesPage />, { user: makeClerk(), access: accessOf({ [APP.INVOICES]: [1] }) });
    const row = await screen.findByTestId('invoice-row');
    expect(screen.queryByTestId('invoice-new')).toBeNull();
    fireEvent.click(within(row).getByTestId('invoice-actions'));
    expect((await within(row).findByTestId('invoice-edit')).textContent).toBe('View');
    expect(within(row).queryByTestId('invoice-send')).toBeNull();
    expect(within(row).queryByTestId('invoice-delete')).toBeNull();
    expect(within(row).getByTestId('invoice-copy-link')).toBeTruthy();
  });

  it('sends a draft only after the confirm dialog', async () => {
    const calls = mockApi((config) =>
      routeOf(config).endsWith('/send/')
        ? ok(savedInvoice({ status: 'sent' }), 'Invoice sent to the customer.')
        : okPage([invoiceSummary()]),
    );
    renderMerchantPage(<InvoicesPage />);
    const row = await screen.findByTestId('invoice-row');
    vi.mocked(confirmDialog).mockResolvedValue(true);
    fireEvent.click(within(row).getByTestId('invoice-actions'));
    fireEvent.click(await within(row).findByTestId('invoice-send'));
    await waitForCall(calls, `POST /invoice/${invoiceSummary().id}/send/`);
  });
});
