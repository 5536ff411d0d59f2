// Test kit of the checkout pages' tests: a captured widget (the real one needs the hosted fields
// page), the API answered through a stubbed fetch (the pages' own HTTP helper), fixtures shaped like
// the API's answers, and renderers — the checkout entry at an address, as a buyer gets it, and the
// back-office route of a page.
import type {
  CheckoutTokenData,
  EmbedData,
  InvoiceCheckoutDetails,
  MerchantData,
  ProductCheckoutDetails,
  QuickPaymentCheckoutDetails,
} from '@kassa/contract/checkout';
import { buyerDe } from '@kassa/contract/i18n/catalogues/buyer.de';
import { buyerEn } from '@kassa/contract/i18n/catalogues/buyer.en';
import { buyerEs } from '@kassa/contract/i18n/catalogues/buyer.es';
import { buyerFr } from '@kassa/contract/i18n/catalogues/buyer.fr';
import type { Locale } from '@kassa/contract/i18n/locales';
import { createPlaceholderTranslator } from '@kassa/contract/i18n/placeholder-translate';
import type { PublicInvoice } from '@kassa/contract/invoices';
import type { WidgetOptions, WidgetTransaction } from '@kassa/widget';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { CheckoutApp } from '../../checkout-app/checkout-app.tsx';
import { I18nProvider } from '../../lib/i18n.tsx';
import type { MockReply } from '../../test/mock-api.ts';
import { LocationProbe } from '../../test/render-app.tsx';
import { CHECKOUT_API_BASE } from './api/checkout-fetch.ts';

export const mounted: WidgetOptions[] = [];

/** What the widget's mount would do, minus the iframe: records the options. */
export function fakeMount(options: WidgetOptions) {
  mounted.push(options);
  return { iframe: document.createElement('iframe'), submit: () => true, destroy: () => undefined };
}

/**
 * Completes the payment of the most recently mounted widget as the hosted fields would. The widget
 * mounts in an effect after the checkout token arrives, which under a loaded machine can come a
 * little after the payment section shows: wait for it rather than race it.
 */
export async function completeWith(
  status: string,
  id = 'tx-1',
  paymentMethod: WidgetTransaction['paymentMethod'] = {
    method: 'card',
    approvalUrl: null,
    brand: 'visa',
    last4: '4242',
  },
) {
  const options = await vi.waitFor(() => {
    const latest = mounted.at(-1);
    if (!latest) throw new Error('No widget mounted');
    return latest;
  });
  const transaction: WidgetTransaction = { id, status, paymentMethod };
  await (options.onComplete as (t: WidgetTransaction) => Promise<unknown>)(transaction);
}

/** Waits for the payment panel the buyer pays in, then has the widget report `status`. */
export async function payOnceReady(status: string, id?: string, paymentMethod?: WidgetTransaction['paymentMethod']) {
  await screen.findByTestId('payment-section-2');
  await act(() => completeWith(status, id, paymentMethod));
}

/** One request a page made: method, path under /apiv1, parsed JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

export const routeOf = (call: ApiCall) => `${call.method} ${call.path}`;
export const bodyOf = (call: ApiCall): Record<string, unknown> => call.body ?? {};

/** Answers the pages' fetch calls with `handler` and returns the requests made, in order. */
export function mockCheckoutApi(handler: (call: ApiCall) => MockReply | Promise<MockReply>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (!input.startsWith(CHECKOUT_API_BASE)) throw new Error(`Request outside the API: ${input}`);
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: input.slice(CHECKOUT_API_BASE.length),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = await handler(call);
    return new Response(JSON.stringify(reply.data), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const merchant = (over: Partial<MerchantData> = {}): MerchantData => ({
  name: 'Acme Outfitters',
  logo: null,
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  phone: '+14155552671',
  phone_international: '+1 415 555 2671',
  master_merchant_logo: null,
  ...over,
});

export const product = (over: Partial<ProductCheckoutDetails> = {}): ProductCheckoutDetails => ({
  id: 'p-1',
  merchant_data: merchant(),
  image: null,
  name: 'Trail Backpack',
  description: 'Forty litres.',
  price_per_unit: 2_500,
  currency: 'USD',
  message_type: 1,
  message: 'Thanks for your order!',
  recurring: null,
  ...over,
});

export const quickPayment = (over: Partial<QuickPaymentCheckoutDetails> = {}): QuickPaymentCheckoutDetails => ({
  id: 'q-1',
  merchant_data: merchant({ phone: 'call us', phone_international: null }),
  recurring: null,
  name: 'Booking deposit',
  description: 'Holds your date.',
  amount: 1_500,
  currency: 'JPY',
  ...over,
});

export const publicInvoice = (over: Partial<PublicInvoice> = {}): PublicInvoice => ({
  id: 'inv-1',
  invoice_number: 'INV-0042',
  customer_first_name: 'grace',
  customer_last_name: 'Hopper',
  business_name: 'Navy Labs',
  due_date: '2026-12-31',
  description: 'Consulting for November.\nSecond line.',
  status: 'sent',
  merchant_name: 'Acme Outfitters',
  merchant_address: '1 Market Street, San Francisco, CA, US',
  merchant_logo: '/apiv1/uploads/acme.png',
  master_merchant_logo: '/apiv1/uploads/master.png',
  currency: 'USD',
  sub_total_amount: 30_000,
  discount_amount: 3_000,
  discount_type: 'percentage',
  discount_percentage: '10.00',
  shipping_amount: 1_250,
  shipping_type: 'percentage',
  shipping_percentage: '4.63',
  tax_amount: 2_025,
  tax_type: 'percentage',
  tax_percentage: '7.50',
  total_amount: 30_275,
  amount_paid: 0,
  balance_due: 30_275,
  deposit_amount: 0,
  allow_partial: false,
  payments: [],
  invoice_items: [
    { item_type: 1, product_name: 'Trail Backpack', item_name: null, quantity: 2, price: 10_000, total_price: 20_000 },
    { item_type: 2, product_name: null, item_name: 'Fitting session', quantity: 1, price: 10_000, total_price: 10_000 },
  ],
  ...over,
});

export const checkoutDetails = (over: Partial<InvoiceCheckoutDetails> = {}): InvoiceCheckoutDetails => ({
  id: 'inv-1',
  merchant_data: merchant(),
  invoice_number: 'INV-0042',
  customer_first_name: 'Grace',
  customer_last_name: 'Hopper',
  customer_email: 'grace@example.com',
  due_date: '2026-12-31',
  currency: 'USD',
  total_amount: 30_275,
  amount_paid: 0,
  balance_due: 30_275,
  deposit_amount: 0,
  allow_partial: false,
  status: 'viewed',
  is_paid: false,
  ...over,
});

const embed = (amount: number, metadata: Record<string, string>): EmbedData => ({
  amount,
  intent: 'capture',
  currency: 'USD',
  country: 'US',
  metadata,
  buyer_id: 'b-1',
});

export const session = (amount: number, over: Partial<CheckoutTokenData> = {}): CheckoutTokenData => ({
  merchant_id: 'm-1',
  token_card: `card-token-${amount}`,
  token: `wallet-token-${amount}`,
  embed_data_card: embed(amount, { product_id_card: 'p-1' }),
  embed_data: embed(amount, { product_id: 'p-1' }),
  comment: null,
  expires_at: '2030-01-01T00:00:00.000Z',
  gift_cards_accepted: false,
  test_mode: false,
  ...over,
});

const BUYER_CATALOGUES = { en: buyerEn, de: buyerDe, fr: buyerFr, es: buyerEs };

/**
 * The checkout entry (checkout.html) loaded at `path`, as a buyer opens a link: in English, or in the
 * language checkout-main.tsx picks from a browser that asks for `locale`.
 */
export function renderCheckoutApp(path: string, locale: Locale = 'en') {
  window.history.replaceState(null, '', path);
  const t = createPlaceholderTranslator(locale, BUYER_CATALOGUES[locale], buyerEn);
  return render(
    <I18nProvider value={{ locale, t }}>
      <CheckoutApp />
    </I18nProvider>,
  );
}

/** A page as a back-office route (app/router.tsx) at `path`, matched by `pattern`. */
export function renderBackOfficeRoute(pattern: string, path: string, page: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="/products" element={<p>Products page</p>} />
        <Route path="/invoice/checkout/:id" element={<p>Invoice checkout page</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
