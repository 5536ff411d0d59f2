// The transactions pages for a user who chose German: the words, the amounts and the dates a German
// merchant reads (docs/i18n.md), through the app's own provider and the German catalogue it loads.
import type { TransactionDetail, TransactionItem } from '@kassa/contract/transactions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { TransactionDetailPage } from './transaction-detail-page.tsx';
import { TransactionsPage } from './transactions-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));

const german = makeOwner({ locale: 'de' });

const item: TransactionItem = {
  id: 't-1',
  merchant_id: 'm-1',
  merchant_name: 'Acme Outfitters',
  amount: 123_456,
  currency: 'EUR',
  captured_amount: 123_456,
  refunded_amount: 0,
  method: 'wallet',
  status: 'capture_succeeded',
  source: 'product',
  card_brand: null,
  card_last4: null,
  disputed_at: null,
  buyer_first_name: 'Ada',
  buyer_last_name: 'Lovelace',
  buyer_email: 'ada@example.com',
  mode: 'test',
  created_at: '2026-11-20T12:00:00.000Z',
};

describe('transactions in German', () => {
  it('lists payments with German words, amounts and dates', async () => {
    mockApi(() => ok({ count: 1, page: 1, page_size: 20, next_cursor: null, results: [item] }));
    renderMerchantPage(<TransactionsPage />, { user: german });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Transaktionen'));
    const row = (await screen.findAllByTestId('transaction-row'))[0]!;
    expect(within(row).getByTestId('transaction-amount').textContent).toMatch(/^1\.234,56\s€$/);
    expect(within(row).getByTestId('transaction-status').textContent).toBe('Erfolgreich');
    expect(row.textContent).toContain('Digitale Wallet');
    expect(within(row).getByTestId('transaction-link').textContent).toContain('20.11.2026');
    expect(screen.getByTestId('transactions-export').textContent).toBe('CSV exportieren');
    expect(screen.getByTestId('filter-status').textContent).toBe('Alle Status');
    expect(screen.getByTestId('transactions-search').getAttribute('placeholder')).toBe(
      'Name, E-Mail, ID oder letzte 4 Ziffern',
    );

    fireEvent.change(screen.getByTestId('filter-amount-min'), { target: { value: 'zwölf' } });
    expect(await screen.findByText('Geben Sie einen Betrag wie 12.50 ein')).toBeTruthy();
  });

  it('shows a payment and refunds it in German', async () => {
    const detail: TransactionDetail = {
      ...item,
      intent: 'capture',
      provider: 'sandbox',
      card_exp_month: null,
      card_exp_year: null,
      gift_card_amount: 0,
      billing_address: null,
      fraud_decision: null,
      fraud_reasons: null,
      failure_reason: null,
      failure_code: null,
      description: null,
      product_id: 'p-1',
      quick_payment_id: null,
      invoice_id: null,
      customer_id: null,
      payment_method_id: null,
      initiator: null,
      refundable_amount: 123_456,
      capturable_amount: 0,
      authorization_expires_at: null,
      events: [
        {
          id: 'e-1',
          type: 'captured',
          status: 'capture_succeeded',
          amount: 123_456,
          message: null,
          created_at: '2026-11-20T12:00:01.000Z',
        },
      ],
      refunds: [],
      pending_at_processor: [],
    };
    mockApi(() => ok(detail));
    renderMerchantPage(
      <Routes>
        <Route path="/transactions/:id" element={<TransactionDetailPage />} />
      </Routes>,
      { path: '/transactions/t-1', user: german },
    );
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Transaktion'));
    expect(screen.getByTestId('detail-amount').textContent).toMatch(/^1\.234,56\s€$/);
    expect(screen.getByTestId('detail-timeline').textContent).toMatch(/Erfolgreich · 1\.234,56\s€/);
    expect(screen.getByTestId('detail-timeline').textContent).toContain('20.11.2026');
    expect(screen.getByText('Keine Rückerstattungen.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('refund-open'));
    const dialog = await screen.findByTestId('refund-dialog');
    expect(dialog.textContent).toMatch(/Bis zu 1\.234,56\s€ können erstattet werden\./);
    fireEvent.change(within(dialog).getByTestId('refund-amount'), { target: { value: '2000' } });
    expect(within(dialog).getByTestId('refund-amount-error').textContent).toMatch(
      /^Höchstens 1\.234,56\s€ können erstattet werden$/,
    );
    fireEvent.change(within(dialog).getByTestId('refund-amount'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByTestId('refund-continue'));
    expect((await screen.findByTestId('refund-confirm-text')).textContent).toMatch(
      /^10,00\s€ an Ada Lovelace erstatten\? Dies kann nicht rückgängig gemacht werden\.$/,
    );
    expect(screen.getByTestId('refund-confirm').textContent).toBe('Ja, erstatten');
  });
});
