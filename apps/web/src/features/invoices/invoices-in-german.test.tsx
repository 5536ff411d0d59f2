// The invoices pages as a German-speaking merchant reads them (docs/i18n.md): the words, the amounts
// and the dates in German, from the same catalogue the portal loads when German is chosen.
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { invoiceSummary, savedInvoice } from '../../test/invoice-fixtures.ts';
import { fail, mockApi, ok, okPage, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { AddEditInvoicePage } from './add-edit-invoice-page.tsx';
import { InvoicesPage } from './invoices-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog } = await import('../../lib/toast.ts');

const german = { locale: 'de' as const, t: createTranslator('de', await loadPortalCatalogue('de'), portalEnglish) };
const inGerman = (page: ReactNode) => <I18nProvider value={german}>{page}</I18nProvider>;

describe('Invoices in German', () => {
  it('lists invoices with German headings, statuses, amounts and due dates', async () => {
    mockApi(() => okPage([invoiceSummary({ status: 'sent', total_amount: 123_456, due_date: '2030-01-31' })]));
    renderMerchantPage(inGerman(<InvoicesPage />));
    const row = await screen.findByTestId('invoice-row');
    expect(screen.getByRole('heading', { name: 'Rechnungen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neue Rechnung' })).toBeTruthy();
    expect(screen.getByTestId('status-overdue').textContent).toBe('Überfällig');
    expect(screen.getByRole('columnheader', { name: 'Fällig' })).toBeTruthy();
    expect(within(row).getByTestId('invoice-status').textContent).toBe('gesendet');
    expect(screen.getByTestId('status-partially_paid').textContent).toBe('Teilweise bezahlt');
    expect(within(row).getByTestId('invoice-total').textContent).toBe('1.234,56\u00a0$');
    expect(row.textContent).toContain('31.01.2030');

    vi.mocked(confirmDialog).mockResolvedValue(false);
    fireEvent.click(within(row).getByTestId('invoice-actions'));
    fireEvent.click(await within(row).findByTestId('invoice-send'));
    expect(confirmDialog).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'INV-000001 erneut senden?', confirmButtonText: 'Ja, senden' }),
    );
  });

  it('shows a partly paid invoice with its German notice, totals and payment', async () => {
    const invoice = savedInvoice({
      status: 'partially_paid',
      amount_paid: 5_000,
      balance_due: 8_900,
      payments: [
        {
          id: 't-1',
          amount: 5_000,
          refunded_amount: 0,
          status: 'capture_succeeded',
          card_brand: 'visa',
          card_last4: '4242',
          created_at: '2026-11-02T10:00:00.000Z',
        },
      ],
    });
    mockApi((config) => {
      const route = routeOf(config);
      if (route === `GET /invoice/${invoice.id}/`) return ok(invoice);
      if (route === 'GET /invoice/products/' || route === 'GET /invoice/payment-options/') return ok([]);
      return fail(404, 'not_found', `No mock for ${route}`);
    });
    renderMerchantPage(inGerman(<AddEditInvoicePage />), { path: `/add-edit-invoice?id=${invoice.id}` });
    expect(await screen.findByRole('heading', { name: 'Rechnung INV-000042' })).toBeTruthy();
    expect(screen.getByTestId('invoice-closed').textContent).toContain('Diese Rechnung ist teilweise bezahlt');
    expect(screen.getByTestId('invoice-amount-paid').textContent).toBe('50,00\u00a0$');
    expect(screen.getByTestId('invoice-balance-due').textContent).toBe('89,00\u00a0$');
    expect(screen.getByTestId('invoice-timeline').textContent).toContain('50,00\u00a0$ bezahlt (Karte endet auf 4242)');
    expect(screen.getByTestId('invoice-timeline').textContent).toContain('02.11.2026');
    expect(screen.getByText('Zwischensumme')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF herunterladen' })).toBeTruthy();
  });
});
