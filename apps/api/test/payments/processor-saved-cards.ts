// Saved cards through Kassa's API for the processor tests (Stripe, Adyen): the merchant creates a
// customer, opens a checkout bound to it (buyer_id, minted with the owner's session), the buyer pays
// and keeps the card, and the merchant lists, charges (merchant-initiated) and removes it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactionEvents, transactions } from '../../src/db/schema.ts';
import type { TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { payPublicCheckoutWithSavedCard } from '../support/customer-portal.ts';

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

type Charge = { amount: number; currency: string };

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

/** The payment's row. */
export const transactionRow = async (t: TestApp, id: string) =>
  (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

/**
 * One saved card, the buyer present or not: the buyer signed in to the customer portal pays a public
 * checkout with it (initiator customer, a saved_card timeline entry), then the merchant charges it
 * without them (initiator merchant, merchant_initiated). The payments' rows, for the caller to check
 * what each asked the processor; `charge` is the merchant's.
 */
export async function payWithSavedCardBothWays(
  t: TestApp,
  { owner, merchantId, productId }: { owner: TestSession; merchantId: string; productId: string },
  { customer, cardId, charge }: { customer: { id: string; email: string }; cardId: string; charge: Charge },
) {
  const { id: customerId, email } = customer;
  const byBuyer = await payPublicCheckoutWithSavedCard(t, { merchantId, productId, email, cardId });
  const buyerTx = await transactionRow(t, byBuyer.id);
  expect(buyerTx).toMatchObject({ initiator: 'customer', paymentMethodId: cardId, customerId });
  expect(await timelineOf(t, buyerTx.id)).toContain('saved_card');

  const byMerchant = await chargeSavedCard(t, owner, customerId, { payment_method_id: cardId, ...charge });
  expect(byMerchant.statusCode, byMerchant.body).toBe(200);
  const merchantTx = await transactionRow(t, byMerchant.json().result.id);
  expect(merchantTx).toMatchObject({ initiator: 'merchant', paymentMethodId: cardId, status: 'capture_succeeded' });
  expect(await timelineOf(t, merchantTx.id)).toContain('merchant_initiated');
  return { buyerTx, merchantTx };
}
