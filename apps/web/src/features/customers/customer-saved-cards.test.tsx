import { APP } from '@kassa/contract/access';
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import {
  AMEX_ID,
  CUSTOMER_ID,
  chargeResult,
  customer,
  customerPageApi,
  expiringAmex,
  savedCard,
  VISA_ID,
} from '../../test/customer-fixtures.ts';
import { invoiceSummary } from '../../test/invoice-fixtures.ts';
import { bodyOf, fail, mockApi, ok, routeOf, sentBody, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeClerk, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { CustomerDetailPage } from './customer-detail-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { showToast, confirmDialog, toastApiError } = await import('../../lib/toast.ts');

beforeEach(() => {
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(showToast).mockClear();
});

const renderDetail = (options: Parameters<typeof renderMerchantPage>[1] = {}) =>
  renderMerchantPage(
    <Routes>
      <Route path="/customers/:id" element={<CustomerDetailPage />} />
    </Routes>,
    { path: `/customers/${CUSTOMER_ID}`, ...options },
  );

const CHARGE = `POST /customer/${CUSTOMER_ID}/charge/`;

describe('Customer page: saved cards', () => {
  it('lists the cards with brand, last 4 and expiry, flags the expiring one, and shows payments and invoices', async () => {
    const payment = {
      id: 't-1',
      merchant_id: 'm-1',
      merchant_name: 'Acme',
      amount: 1250,
      currency: 'USD',
      captured_amount: 1250,
      refunded_amount: 0,
      method: 'card',
      status: 'capture_succeeded',
      source: 'customer',
      card_brand: 'visa',
      card_last4: '4242',
      buyer_first_name: 'Ada',
      buyer_last_name: 'Lovelace',
      buyer_email: 'ada@example.com',
      mode: 'test' as const,
      disputed_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
    };
    const calls = mockApi(
      customerPageApi({
        cards: [savedCard(), expiringAmex(), savedCard({ id: 'x', last4: '1111', expired: true, exp_year: 2025 })],
        payments: [payment],
        invoices: [invoiceSummary({ invoice_number: 'INV-7' })],
      }),
    );
    renderDetail();
    const rows = await screen.findAllByTestId('saved-card');
    expect(rows.map((r) => within(r).getByTestId('saved-card-name').textContent)).toEqual([
      'Visa •••• 4242',
      'American Express •••• 0005',
      'Visa •••• 1111',
    ]);
    expect(rows[0]!.textContent).toContain('Expires 12/30');
    expect(within(rows[0]!).queryByTestId('card-replace-link')).toBeNull();
    expect(within(rows[1]!).getByTestId('card-expiring').textContent).toBe('Expires soon');
    expect(within(rows[1]!).getByTestId('card-replace-link').textContent).toBe('Send link to replace');
    expect(within(rows[2]!).getByTestId('card-expired').textContent).toBe('Expired');
    expect(within(rows[2]!).queryByTestId('card-charge')).toBeNull();

    const paymentRow = await screen.findByTestId('customer-payment');
    expect(paymentRow.textContent).toContain('$12.50');
    expect(paymentRow.textContent).toContain('Visa •••• 4242');
    expect((await screen.findByTestId('customer-invoice')).textContent).toContain('INV-7');
    const filter = bodyOf(await waitForCall(calls, 'POST /transaction/transaction-details/'));
    expect(filter).toMatchObject({ customer_id: CUSTOMER_ID, mode: 'test' });
    expect(calls.some((c) => routeOf(c).startsWith(`GET /invoice/?customer_id=${CUSTOMER_ID}`))).toBe(true);
  });

  it('shows the empty states', async () => {
    mockApi(customerPageApi());
    renderDetail();
    expect(await screen.findByText('No saved cards')).toBeTruthy();
    expect(await within(screen.getByTestId('customer-payments')).findByText('No payments yet')).toBeTruthy();
    expect(await within(screen.getByTestId('customer-invoices')).findByText('No invoices yet')).toBeTruthy();
  });

  it('removes a card only after the confirmation, then reloads the cards', async () => {
    let cards = [savedCard()];
    const calls = mockApi(
      customerPageApi({}, (route) => {
        if (route === `GET /customer/${CUSTOMER_ID}/payment-method/`) return ok(cards);
        if (route.startsWith('DELETE')) {
          cards = [];
          return ok(null, 'Card removed.');
        }
        return undefined;
      }),
    );
    renderDetail();
    await declineThenConfirm(
      () => screen.findByTestId('card-remove'),
      () => calls.some((c) => c.method === 'delete'),
    );
    expect(vi.mocked(confirmDialog).mock.calls[0]![0]).toMatchObject({ title: 'Remove Visa •••• 4242?' });
    await waitForCall(calls, `DELETE /customer/${CUSTOMER_ID}/payment-method/${VISA_ID}/`);
    expect(await screen.findByText('No saved cards')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('success', 'Card removed.');
  });

  it('checks the cards with the processor, says what changed, and reloads them', async () => {
    let cards = [savedCard(), expiringAmex()];
    const calls = mockApi(
      customerPageApi({}, (route) => {
        if (route === `GET /customer/${CUSTOMER_ID}/payment-method/`) return ok(cards);
        if (route === `POST /customer/${CUSTOMER_ID}/payment-method/sync/`) {
          cards = [savedCard()];
          return ok({
            checked: 2,
            removed: 1,
            updated: 0,
            kept_while_paying: 0,
            not_checked: 1,
            not_saved_through_kassa: 2,
          });
        }
        return undefined;
      }),
    );
    renderDetail();
    expect(await screen.findAllByTestId('saved-card')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('cards-sync'));
    await waitForCall(calls, `POST /customer/${CUSTOMER_ID}/payment-method/sync/`);
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(1));
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Cards removed at the processor: 1. Cards renewed: 0. Not checked this time (the processor did not answer, or the card was saved minutes ago): 1. Cards the processor keeps that were not saved through Kassa (not shown): 2.',
    );
  });

  it('offers no check without cards, and says when the processor could not be asked', async () => {
    mockApi(customerPageApi({ cards: [] }));
    const first = renderDetail();
    expect(await screen.findByText('No saved cards')).toBeTruthy();
    expect(screen.queryByTestId('cards-sync')).toBeNull();
    first.unmount();

    const refusal = "Stripe could not be asked for the customer's cards. Nothing was changed; try again later.";
    mockApi(
      customerPageApi({ cards: [savedCard()] }, (route) =>
        route.endsWith('/payment-method/sync/') ? fail(422, 'business_rule', refusal) : undefined,
      ),
    );
    renderDetail();
    fireEvent.click(await screen.findByTestId('cards-sync'));
    await waitFor(() => expect(toastApiError).toHaveBeenCalled());
    expect(vi.mocked(toastApiError).mock.calls[0]![0]).toMatchObject({ message: refusal });
    expect(screen.getAllByTestId('saved-card')).toHaveLength(1);
  });

  it('e-mails a link to add a card, and one to replace the expiring card', async () => {
    const link = `POST /customer/${CUSTOMER_ID}/payment-method/replace-link/`;
    const calls = mockApi(
      customerPageApi({ cards: [expiringAmex()] }, (route) =>
        route === link ? ok({ sent_to: 'ada@example.com', expires_at: '2026-12-05T10:00:00.000Z' }) : undefined,
      ),
    );
    renderDetail();
    fireEvent.click(await screen.findByTestId('card-add-link'));
    expect(await sentBody(calls, link)).toEqual({});
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Link sent to ada@example.com.'));
    fireEvent.click(screen.getByTestId('card-replace-link'));
    await waitFor(() => expect(calls.filter((c) => routeOf(c) === link)).toHaveLength(2));
    expect(bodyOf(calls.filter((c) => routeOf(c) === link)[1]!)).toEqual({ payment_method_id: AMEX_ID });
  });

  it('cannot send a link to a customer without an e-mail address', async () => {
    mockApi(customerPageApi({ customer: customer({ email: null }), cards: [expiringAmex()] }));
    renderDetail();
    expect((await screen.findByTestId('card-add-link')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('card-replace-link').hasAttribute('disabled')).toBe(true);
  });

  it('charges a saved card with an Idempotency-Key and shows the approval', async () => {
    const calls = mockApi(
      customerPageApi({ cards: [savedCard(), expiringAmex()] }, (route) =>
        route === CHARGE ? ok(chargeResult()) : undefined,
      ),
    );
    renderDetail();
    fireEvent.click((await screen.findAllByTestId('card-charge'))[1]!);
    const modal = await screen.findByTestId('charge-modal');
    expect(within(modal).getByRole('heading').textContent).toBe('Charge American Express •••• 0005');
    expect((within(modal).getByTestId('charge-card') as HTMLSelectElement).value).toBe(AMEX_ID);
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    expect(await within(modal).findByText('Enter an amount like 12.50')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('charge-amount'), { target: { value: '12.50' } });
    fireEvent.change(within(modal).getByTestId('charge-description'), { target: { value: 'December box' } });
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    const call = await waitForCall(calls, CHARGE);
    expect(bodyOf(call)).toEqual({
      payment_method_id: AMEX_ID,
      amount: 1250,
      currency: 'USD',
      description: 'December box',
      authorize_only: false,
    });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await within(modal).findByTestId('charge-result-title')).textContent).toBe('$12.50 charged.');
    expect(showToast).toHaveBeenCalledWith('success', 'Card charged.');
  });

  it('shows the decline of a saved card, and a new attempt gets a new key', async () => {
    const calls = mockApi(
      customerPageApi({ cards: [savedCard()] }, (route) =>
        route === CHARGE
          ? ok(chargeResult({ status: 'authorization_failed', failure_reason: 'Your card was declined.' }))
          : undefined,
      ),
    );
    renderDetail();
    fireEvent.click(await screen.findByTestId('card-charge'));
    const modal = await screen.findByTestId('charge-modal');
    fireEvent.change(within(modal).getByTestId('charge-amount'), { target: { value: '5' } });
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    expect((await within(modal).findByTestId('charge-result-title')).textContent).toBe(
      'Declined: Your card was declined.',
    );
    expect(showToast).toHaveBeenCalledWith('error', 'The card was declined.');
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    await waitFor(() => expect(calls.filter((c) => routeOf(c) === CHARGE)).toHaveLength(2));
    const keys = calls.filter((c) => routeOf(c) === CHARGE).map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('keeps the key when the answer was lost, and shows a refusal next to the field', async () => {
    let reply = fail(500, 'internal', 'Something went wrong on our side.');
    const calls = mockApi(customerPageApi({ cards: [savedCard()] }, (route) => (route === CHARGE ? reply : undefined)));
    renderDetail();
    fireEvent.click(await screen.findByTestId('card-charge'));
    const modal = await screen.findByTestId('charge-modal');
    fireEvent.change(within(modal).getByTestId('charge-amount'), { target: { value: '5' } });
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    await waitForCall(calls, CHARGE);
    reply = fail(422, 'business_rule', 'This card has expired.', [
      { path: 'payment_method_id', message: 'This card has expired.' },
    ]);
    await waitFor(() => expect(within(modal).getByTestId('charge-submit').hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    expect(await within(modal).findByText('This card has expired.')).toBeTruthy();
    const keys = calls.filter((c) => routeOf(c) === CHARGE).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows a clerk with view only the cards but no charge, link or remove', async () => {
    mockApi(customerPageApi({ cards: [savedCard(), expiringAmex()] }));
    renderDetail({ user: makeClerk(), access: accessOf({ [APP.VIRTUAL_TERMINAL]: [1] }) });
    expect(await screen.findAllByTestId('saved-card')).toHaveLength(2);
    for (const id of ['card-charge', 'card-remove', 'card-replace-link', 'card-add-link', 'cards-sync'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.queryByTestId('customer-invoices')).toBeNull();
  });

  it('reads in German for a German-speaking merchant: flags, actions and the charge answer', async () => {
    mockApi(
      customerPageApi({ cards: [savedCard(), expiringAmex()] }, (route) =>
        route === CHARGE ? ok(chargeResult({ amount: 123_456, currency: 'EUR' })) : undefined,
      ),
    );
    const german = { locale: 'de' as const, t: createTranslator('de', await loadPortalCatalogue('de'), portalEnglish) };
    renderMerchantPage(
      <I18nProvider value={german}>
        <Routes>
          <Route path="/customers/:id" element={<CustomerDetailPage />} />
        </Routes>
      </I18nProvider>,
      { path: `/customers/${CUSTOMER_ID}` },
    );
    const cards = await screen.findByTestId('customer-cards');
    expect(within(cards).getByText('Gespeicherte Karten')).toBeTruthy();
    expect(within(cards).getByTestId('card-expiring').textContent).toBe('Läuft bald ab');
    expect(within(cards).getByTestId('card-add-link').textContent).toBe('Link zum Hinzufügen einer Karte senden');
    expect(within(cards).getAllByTestId('card-remove')[0]!.getAttribute('aria-label')).toBe('Visa •••• 4242 entfernen');
    expect(within(cards).getAllByTestId('saved-card')[0]!.textContent).toContain('gespeichert am 02.11.2026');
    fireEvent.click(within(cards).getAllByTestId('card-charge')[0]!);
    const modal = await screen.findByTestId('charge-modal');
    fireEvent.change(within(modal).getByTestId('charge-amount'), { target: { value: '1234.56' } });
    fireEvent.click(within(modal).getByTestId('charge-submit'));
    expect((await within(modal).findByTestId('charge-result-title')).textContent).toBe('1.234,56\u00a0€ belastet.');
    expect(showToast).toHaveBeenCalledWith('success', 'Karte belastet.');
  });
});
