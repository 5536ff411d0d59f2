// The customer portal in the API tests (docs/product-rules.md#customer-portal): the merchant's side
// (customers with a saved sandbox card, a monthly subscription), the e-mailed one-time sign-in link,
// the portal's cookie session, and a public checkout bound to the signed-in customer for a one-click
// payment with a saved card (docs/product-rules.md#saved-cards-on-a-public-checkout).
//   const c = await createPortalCustomer(t, { owner, merchantId });
//   const { cookies } = await signInToPortal(t, merchantId, c.email);
//   const bound = (await bindCheckout(t, cookies, opened.token_card)).json().result;
//   const paid = await payWithSavedCard(t, bound.token_card, cardId);
import { CUSTOMER_PORTAL_COOKIE, CUSTOMER_PORTAL_HINT_COOKIE } from '@kassa/contract/customer-portal';
import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { savedCards } from '../../src/db/schema.ts';
import { createCardOnFile } from '../factories/subscriptions.ts';
import type { TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { billing } from './buyer.ts';
import { newBuyerAddress, openCheckout } from './checkout.ts';

/** Calls the merchant route `/apiv1{url}` as `session` and answers its result; anything but 2xx fails the test. */
export async function merchantResult(
  t: TestApp,
  session: TestSession,
  method: HTTPMethods,
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: `/apiv1${url}`,
    headers: session.auth,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().result;
}

export interface PortalCustomer {
  id: string;
  name: string;
  email: string;
  /** The one saved card, in the sandbox's vault. */
  cardId: string;
}

let customers = 0;
/**
 * A customer of the merchant, made by `owner` with an e-mail no other customer of the test file has,
 * and one saved sandbox card that pays (`declines_later`: saves fine, declines every charge).
 */
export async function createPortalCustomer(
  t: TestApp,
  { owner, merchantId }: { owner: TestSession; merchantId: string },
  { mode = 'test', card = 'success' }: { mode?: 'test' | 'live'; card?: 'success' | 'declines_later' } = {},
): Promise<PortalCustomer> {
  customers += 1;
  const name = `Ada Customer${customers}`;
  const email = `customer${customers}-${mode}@example.com`;
  const row = await merchantResult(t, owner, 'POST', '/customer/', { name, email, mode });
  const saved = await createCardOnFile(t.ctx.db, merchantId, row.id, card);
  if (mode === 'live') await t.ctx.db.update(savedCards).set({ mode: 'live' }).where(eq(savedCards.id, saved.id));
  return { id: row.id, name, email, cardId: saved.id };
}

/** The customer subscribes to a new monthly price of the product (3,000 USD), charged to their card at once. */
export async function subscribeMonthly(t: TestApp, owner: TestSession, productId: string, customerId: string) {
  const price = await merchantResult(t, owner, 'POST', '/price/', {
    product_id: productId,
    amount: 3_000,
    currency: 'USD',
    interval: 'month',
    mode: 'test',
  });
  return merchantResult(t, owner, 'POST', '/subscription/', {
    customer_id: customerId,
    price_id: price.id,
  }) as Promise<{
    id: string;
    status: string;
  }>;
}

/**
 * Asks `merchantId`'s portal for a sign-in link to `email` (coming back to `returnTo`, a public checkout,
 * when given); the answer is the same for a stranger. A new client address unless told: the form is
 * rate-limited per address.
 */
export const askSignInLink = (
  t: TestApp,
  merchantId: string,
  email: string,
  { returnTo, remoteAddress = newBuyerAddress() }: { returnTo?: string; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/customer-portal/merchant/${merchantId}/sign-in-link/`,
    payload: { email, ...(returnTo ? { return_to: returnTo } : {}) },
    remoteAddress,
  });

/** The token of the last sign-in link mailed to `email`. */
export function mailedSignInToken(t: TestApp, email: string): string {
  const token = /\/billing\/sign-in\/([\w-]+)/.exec(t.mail.lastTo(email)?.text ?? '')?.[1];
  expect(token, 'a sign-in link was mailed').toBeTruthy();
  return token!;
}

/** Uses a sign-in link's token, as the portal's sign-in page does; the answer is left to the test. */
export const useSignInLink = (t: TestApp, token: string, remoteAddress = newBuyerAddress()) =>
  t.app.inject({ method: 'POST', url: '/apiv1/customer-portal/sign-in/', payload: { token }, remoteAddress });

/**
 * Signs in to `merchantId`'s customer portal through the e-mailed link: the session and hint cookies,
 * the mail, and the cookies a browser sends to the portal's routes.
 */
export async function signInToPortal(t: TestApp, merchantId: string, email: string, returnTo?: string) {
  const asked = await askSignInLink(t, merchantId, email, { returnTo });
  expect(asked.statusCode, asked.body).toBe(200);
  const mail = t.mail.lastTo(email)?.text ?? '';
  const res = await useSignInLink(t, mailedSignInToken(t, email));
  expect(res.statusCode, res.body).toBe(200);
  const session = res.cookies.find((c) => c.name === CUSTOMER_PORTAL_COOKIE)!;
  const hint = res.cookies.find((c) => c.name === CUSTOMER_PORTAL_HINT_COOKIE)!;
  return { session, hint, mail, cookies: { [CUSTOMER_PORTAL_COOKIE]: session.value } };
}

/** The checkout page hands its card token to the portal and gets it back bound to the signed-in customer. */
export const bindCheckout = (
  t: TestApp,
  cookies: Record<string, string> | undefined,
  token: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/customer-portal/checkout-binding/',
    cookies,
    headers,
    payload: { token },
    remoteAddress: newBuyerAddress(),
  });

/** The buyer's one click: pays the bound checkout `token` with the saved card `paymentMethodId`. */
export const payWithSavedCard = (t: TestApp, token: string, paymentMethodId: string, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/charge/',
    remoteAddress: newBuyerAddress(),
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    payload: { token, method: 'card', payment_method_id: paymentMethodId, billing },
  });

/**
 * The customer signs in to the merchant's portal, opens the product's public checkout and pays it in one
 * click with the saved card `cardId`: the charge's answer, which must have gone through.
 */
export async function payPublicCheckoutWithSavedCard(
  t: TestApp,
  { merchantId, productId, email, cardId }: { merchantId: string; productId: string; email: string; cardId: string },
) {
  const { cookies } = await signInToPortal(t, merchantId, email);
  const opened = await openCheckout(t, { product: productId });
  const bound = await bindCheckout(t, cookies, opened.token_card);
  expect(bound.statusCode, bound.body).toBe(200);
  const paid = await payWithSavedCard(t, bound.json().result.token_card, cardId, crypto.randomUUID());
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().result.status).toBe('capture_succeeded');
  return paid.json().result as { id: string };
}
