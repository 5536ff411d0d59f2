// "Pay now" in the customer portal (docs/product-rules.md#incomplete-subscriptions): a subscription whose
// first charge was declined is paid with the default card; a decline says so and offers to add a card.
// And the portal in the buyer's language (the buyer catalogue's customerPortal.* texts).
import '../features/checkout/checkout-test-mocks.ts';
import type { PortalSubscription } from '@kassa/contract/customer-portal';
import { buyerDe } from '@kassa/contract/i18n/catalogues/buyer.de';
import { buyerEn } from '@kassa/contract/i18n/catalogues/buyer.en';
import { createPlaceholderTranslator } from '@kassa/contract/i18n/placeholder-translate';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCheckoutApp, routeOf } from '../features/checkout/checkout-test-kit.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { fail, ok } from '../test/mock-api.ts';
import { CheckoutApp } from './checkout-app.tsx';
import { mockSignedInPortal, PORTAL_MERCHANT, portalSubscription } from './customer-portal-test-kit.ts';

/** A subscription whose first charge was declined: what "Pay now" is for. */
const subscription = (over: Partial<PortalSubscription> = {}) => portalSubscription({ status: 'incomplete', ...over });

const DECLINED = 'Your card was declined.';

/** Signed in with an incomplete subscription: each "Pay now" takes the next of `payAnswers`. */
const portalWith = (payAnswers: (() => ReturnType<typeof ok>)[]) =>
  mockSignedInPortal({
    subscription: subscription(),
    answer: (call) => {
      switch (routeOf(call)) {
        case 'POST /customer-portal/subscriptions/sub-1/pay/':
          return payAnswers.shift()!();
        case 'POST /customer-portal/cards/add-link/':
          return ok({ url: 'http://localhost/card/add/tok' });
      }
    },
  });

/** The portal as a German-speaking buyer sees it. */
function renderInGerman() {
  window.history.replaceState(null, '', `/billing/${PORTAL_MERCHANT}`);
  render(
    <I18nProvider value={{ locale: 'de', t: createPlaceholderTranslator('de', buyerDe, buyerEn) }}>
      <CheckoutApp />
    </I18nProvider>,
  );
}

describe('Pay now in the customer portal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('pays an incomplete subscription with the default card: it turns active and the button goes', async () => {
    const calls = portalWith([() => ok(subscription({ status: 'active' }))]);
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
    const row = await screen.findByTestId('subscription-sub-1');
    expect(within(row).getByTestId('subscription-status').textContent).toBe('Awaiting first payment');
    expect(within(row).getByTestId('subscription-pay-hint').textContent).toContain('within 23 hours');
    // Nothing to cancel before the first payment, and no next charge: the only action is paying.
    expect(within(row).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
    expect(within(row).queryByTestId('subscription-when')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Pay now' }));
    await vi.waitFor(() => expect(within(row).getByTestId('subscription-status').textContent).toBe('Active'));
    expect(within(row).getByTestId('subscription-when').textContent).toBe('Next charge on February 1, 2030');
    expect(within(row).queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(within(row).queryByTestId('subscription-pay-hint')).toBeNull();
    expect(calls.filter((c) => routeOf(c) === 'POST /customer-portal/subscriptions/sub-1/pay/')).toHaveLength(1);
  });

  it('says a declined card was declined and offers to add a card, which opens the add-card page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = portalWith([() => fail(422, 'business_rule', DECLINED)]);
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
    const row = await screen.findByTestId('subscription-sub-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Pay now' }));
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toBe(
      'Your default card was declined: Your card was declined. Add another card, then pay again.',
    );
    expect(within(row).getByTestId('subscription-status').textContent).toBe('Awaiting first payment');
    // The way on reads after the decline that asks for it.
    const addCard = within(row).getByRole('button', { name: 'Add a card' });
    expect(alert.compareDocumentPosition(addCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(addCard);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/card/add/tok'));
    expect(calls.map(routeOf)).toContain('POST /customer-portal/cards/add-link/');
    vi.unstubAllGlobals();
  });

  it('says a payment already under way is under way, without offering a card', async () => {
    portalWith([() => fail(409, 'conflict', 'A payment of this invoice is already under way.')]);
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
    const row = await screen.findByTestId('subscription-sub-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Pay now' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('A payment of this invoice is already under way.');
    expect(within(row).queryByRole('button', { name: 'Add a card' })).toBeNull();
  });

  it('speaks the buyer’s language: German texts, money and dates', async () => {
    portalWith([() => ok(subscription({ status: 'active' }))]);
    renderInGerman();
    const row = await screen.findByTestId('subscription-sub-1');
    expect(screen.getByTestId('portal-customer').textContent).toBe('Hallo, Grace Hopper');
    expect(within(row).getByTestId('subscription-status').textContent).toBe('Erste Zahlung ausstehend');
    expect(row.textContent).toMatch(/19,00\s\$ monatlich/);
    expect(screen.getByRole('heading', { name: 'Gespeicherte Karten' })).toBeTruthy();
    expect(await screen.findByText('Sie haben keine gespeicherten Karten.')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Jetzt bezahlen' }));
    await vi.waitFor(() => expect(within(row).getByTestId('subscription-status').textContent).toBe('Aktiv'));
    expect(within(row).getByTestId('subscription-when').textContent).toBe('Nächste Abbuchung am 1. Februar 2030');
  });

  it('says a declined renewal charge in German: the processor’s reason from the API’s English sentence', async () => {
    portalWith([
      () => fail(422, 'business_rule', 'Invoice INV-0007: Insufficient funds. Next try 2030-01-02T12:00:00.000Z.'),
      () => fail(422, 'business_rule', 'Invoice INV-0007: Refused by the acquirer (R7).'),
    ]);
    renderInGerman();
    const row = await screen.findByTestId('subscription-sub-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Jetzt bezahlen' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(
      'Ihre Standardkarte wurde abgelehnt: Ihre Karte ist nicht ausreichend gedeckt. Versuchen Sie es mit einer anderen Karte. ' +
        'Fügen Sie eine andere Karte hinzu und bezahlen Sie erneut.',
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Jetzt bezahlen' }));
    await vi.waitFor(() =>
      expect(within(row).getByRole('alert').textContent).toBe(
        'Ihre Standardkarte wurde abgelehnt: Ihre Karte wurde abgelehnt. Der Zahlungsdienst meldete: „Refused by the acquirer (R7).“ ' +
          'Fügen Sie eine andere Karte hinzu und bezahlen Sie erneut.',
      ),
    );
  });
});
