// Saved cards through Kassa's API for the processor tests (Stripe, Adyen): the merchant creates a
// customer, opens a checkout bound to it (buyer_id, minted with the owner's session), the buyer pays
// and keeps the card, and the merchant lists, charges (merchant-initiated) and removes it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactionEvents } from '../../src/db/schema.ts';
import type { TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';

/** A test-mode customer of the owner's merchant with a buyer id of its own (its e-mail need not be). */
export async function createCustomer(t: TestApp, owner: TestSession, email = 'ada@example.com') {
  const reference = `buyer-${randomUUID()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/customer/',
    headers: owner.auth,
    payload: { name: 'Ada Buyer', email, reference, mode: 'test' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().result.id as string, reference, email };
}

/** A checkout the merchant's owner opened for the customer with this buyer id (store: 'ask'): its card token. */
export async function openBoundCheckout(t: TestApp, owner: TestSession, productId: string, buyerId: string) {
  const opened = await t.app.inject({
    method: 'POST',
    url: `/apiv1/product/get-checkout-token/${productId}/`,
    headers: owner.auth,
    payload: { quantity: 1, buyer_id: buyerId, store: 'ask' },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().result.token_card as string;
}

/** The buyer pays the checkout `token` with `card`, agreeing to keep it (save_card): the raw answer. */
export const payKeepingCard = (t: TestApp, token: string, card: object, billing: object) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/charge/',
    payload: { token, method: 'card', card, billing, save_card: true },
  });

/** The buyer pays a checkout bound to the customer and keeps the card (save_card). */
export async function payAndSaveCard(
  t: TestApp,
  owner: TestSession,
  input: { productId: string; buyerId: string; card: object; billing: object },
) {
  const token = await openBoundCheckout(t, owner, input.productId, input.buyerId);
  const res = await payKeepingCard(t, token, input.card, input.billing);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

export async function savedCardsOf(t: TestApp, owner: TestSession, customerId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/apiv1/customer/${customerId}/payment-method/`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Array<Record<string, unknown> & { id: string }>;
}

/** A merchant-initiated charge of the saved card (POST /customer/{id}/charge/). */
export const chargeSavedCard = (
  t: TestApp,
  owner: TestSession,
  customerId: string,
  payload: { payment_method_id: string; amount: number; currency: string },
  idempotencyKey = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/customer/${customerId}/charge/`,
    headers: { ...owner.auth, 'idempotency-key': idempotencyKey },
    payload,
  });

export const removeSavedCard = (t: TestApp, owner: TestSession, customerId: string, cardId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/apiv1/customer/${customerId}/payment-method/${cardId}/`,
    headers: owner.auth,
  });

/** The kinds of the payment's timeline entries (saved_card for the buyer's, merchant_initiated for the merchant's). */
export const timelineOf = async (t: TestApp, transactionId: string) =>
  (await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, transactionId))).map(
    (e) => e.type,
  );
