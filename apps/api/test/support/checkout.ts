// A buyer's way through a checkout in the API tests: open it (get-checkout-token), then pay it by card
// on /pay/charge/.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PaymentProvider, PaymentRequest } from '../../src/payments/provider.ts';
import type { TestApp } from '../helper.ts';
import { billing as ukBuyer } from './buyer.ts';

/** A card as the sandbox reads it: the number picks the outcome (4242… succeeds). */
export const testCard = (number = '4242424242424242', cvc = '123') => ({ number, exp_month: 12, exp_year: 2030, cvc });

/** What is being bought: a product (quantity 1 unless told) or an invoice. */
export type CheckoutOf = { product: string; quantity?: number } | { invoice: string };

export interface CheckoutTokens {
  token_card: string;
  token: string | null;
  embed_data: object | null;
  gift_cards_accepted: boolean;
  test_mode: boolean;
}

let buyers = 0;
/** A client address no other buyer in this test file used: the charge rate limit is per address. */
export function newBuyerAddress(): string {
  buyers += 1;
  return `10.200.${Math.floor(buyers / 250)}.${buyers % 250}`;
}

export async function openCheckout(t: TestApp, of: CheckoutOf, remoteAddress?: string): Promise<CheckoutTokens> {
  const res = await t.app.inject({
    method: 'POST',
    remoteAddress,
    ...('invoice' in of
      ? { url: `/apiv1/invoice/get-checkout-token/${of.invoice}/`, payload: {} }
      : { url: `/apiv1/product/get-checkout-token/${of.product}/`, payload: { quantity: of.quantity ?? 1 } }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

export interface CardPayment {
  card?: ReturnType<typeof testCard> & { holder_name?: string };
  billing?: object;
  remoteAddress?: string;
  headers?: Record<string, string>;
  /** Pays part with a gift card; the card pays the rest. */
  gift_card?: { code: string; pin: string };
}

/** Pays an open checkout's card token; the answer is left to the test to judge. */
export function payByCard(t: TestApp, token: string, pay: CardPayment = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/charge/',
    remoteAddress: pay.remoteAddress,
    headers: pay.headers,
    payload: {
      token,
      method: 'card',
      card: pay.card ?? testCard(),
      billing: pay.billing ?? ukBuyer,
      ...(pay.gift_card ? { gift_card: pay.gift_card } : {}),
    },
  });
}

/** Opens a checkout and pays it by card from one client address. */
export async function checkoutByCard(t: TestApp, of: CheckoutOf, pay: CardPayment = {}) {
  const { token_card } = await openCheckout(t, of, pay.remoteAddress);
  return payByCard(t, token_card, pay);
}

/**
 * Tells `seen` which provider was asked to authorize what, then lets the authorization through: for
 * tests about where a checkout's money goes (the processor picked, the amount left after gift cards).
 */
export function watchAuthorizations(t: TestApp, seen: (providerId: string, request: PaymentRequest) => void) {
  const real = t.ctx.providers;
  // The connection goes through too: a connected processor (Stripe, Adyen) is built from it.
  t.ctx.providers = (id, connection): PaymentProvider => {
    const provider = real(id, connection);
    return {
      ...provider,
      authorize: (request) => {
        seen(id, request);
        return provider.authorize(request);
      },
    };
  };
}
