// "Pay now" in the customer portal (docs/product-rules.md#incomplete-subscriptions): a customer whose
// first charge was declined pays the incomplete subscription's first invoice with their default card,
// once whatever the clicks, and only their own; a declined card says so and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardOnFile } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import {
  createPortalCustomer,
  merchantResult,
  signInToPortal,
  subscribeMonthly,
} from '../../../test/support/customer-portal.ts';
import { invoices, transactions } from '../../db/schema.ts';

const isPostgres = process.env.KASSA_TEST_DB === 'postgres';
let t: TestApp;
let owner: TestSession;
let other: TestSession;
let merchantId: string;
let otherMerchantId: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Pay-now gym', pricePerUnit: 2_500 }));
  ({ owner: other, merchantId: otherMerchantId } = await createSignedInShop(t, { name: 'Other', pricePerUnit: 100 }));
}, 180_000);
afterAll(() => t.close());

/** A customer of the merchant whose only card saves fine and declines every charge (as 4000 0000 0000 0341). */
const payer = (session = owner, mid = merchantId) =>
  createPortalCustomer(t, { owner: session, merchantId: mid }, { card: 'declines_later' });

/** An incomplete subscription: its first charge declined on the customer's only card. */
async function incomplete(customerId: string) {
  const sub = await subscribeMonthly(t, owner, productId, customerId);
  expect(sub.status).toBe('incomplete');
  return sub;
}

const portalSession = async (mid: string, email: string) => (await signInToPortal(t, mid, email)).cookies;

const pay = (cookies: Record<string, string> | undefined, id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/apiv1/customer-portal/subscriptions/${id}/pay/`, cookies, headers });

async function chargesOfFirstInvoice(subscriptionId: string) {
  const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId));
  return t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice!.id));
}

const statusOf = async (id: string) => (await merchantResult(t, owner, 'GET', `/subscription/${id}/`)).status as string;

describe('Pay now on an incomplete subscription', () => {
  it('says a declined card was declined and leaves it incomplete; the new default card pays it, once', async () => {
    const c = await payer();
    const sub = await incomplete(c.id);
    const cookies = await portalSession(merchantId, c.email);

    const declined = await pay(cookies, sub.id);
    expect(declined.statusCode, declined.body).toBe(422);
    expect(declined.json().message).toMatch(/declined/i);
    expect(await statusOf(sub.id)).toBe('incomplete');

    const good = await createCardOnFile(t.ctx.db, merchantId, c.id, 'success');
    const made = await t.app.inject({
      method: 'POST',
      url: `/apiv1/customer-portal/cards/${good.id}/default/`,
      cookies,
    });
    expect(made.statusCode, made.body).toBe(200);
    const paid = await pay(cookies, sub.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result).toMatchObject({ id: sub.id, status: 'active', amount: 3_000, currency: 'USD' });
    expect(await statusOf(sub.id)).toBe('active');
    // The subscription renews on the card it was paid with.
    expect((await merchantResult(t, owner, 'GET', `/subscription/${sub.id}/`)).payment_method_id).toBe(good.id);

    const again = await pay(cookies, sub.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ message: 'This subscription is paid.', result: { status: 'active' } });
    const charges = await chargesOfFirstInvoice(sub.id);
    expect(charges.filter((ch) => ch.status === 'capture_succeeded')).toHaveLength(1);
  });

  it('refuses a subscription that is not incomplete, and a customer with no card, in words', async () => {
    const c = await payer();
    const sub = await incomplete(c.id);
    const cookies = await portalSession(merchantId, c.email);
    await merchantResult(t, owner, 'POST', `/subscription/${sub.id}/cancel/`, { at_period_end: false });
    const canceled = await pay(cookies, sub.id);
    expect(canceled.statusCode, canceled.body).toBe(422);
    expect(canceled.json().message).toMatch(/canceled cannot be paid/);

    const bare = await payer();
    const bareSub = await incomplete(bare.id);
    await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/customer/${bare.id}/payment-method/${bare.cardId}/`,
      headers: owner.auth,
    });
    const noCard = await pay(await portalSession(merchantId, bare.email), bareSub.id);
    expect(noCard.statusCode, noCard.body).toBe(422);
    expect(noCard.json().message).toBe('You have no saved card to pay with. Add a card, then pay.');
  });

  it('each role: another customer’s session, another merchant’s customer, no session and a merchant token get nothing', async () => {
    const c = await payer();
    const sub = await incomplete(c.id);
    await createCardOnFile(t.ctx.db, merchantId, c.id, 'success');

    const neighbour = await payer();
    const neighbourCookies = await portalSession(merchantId, neighbour.email);
    const stranger = await payer(other, otherMerchantId);
    const strangerCookies = await portalSession(otherMerchantId, stranger.email);

    const asNeighbour = await pay(neighbourCookies, sub.id);
    expect(asNeighbour.statusCode, asNeighbour.body).toBe(404);
    const asStranger = await pay(strangerCookies, sub.id);
    expect(asStranger.statusCode, asStranger.body).toBe(404);
    const asNobody = await pay(undefined, sub.id);
    expect(asNobody.statusCode, asNobody.body).toBe(401);
    const asMerchant = await pay(undefined, sub.id, owner.auth);
    expect(asMerchant.statusCode, asMerchant.body).toBe(401);
    const madeUp = await pay(neighbourCookies, 'not-an-id');
    expect(madeUp.statusCode).toBe(400);
    // None of them charged anything: still incomplete, only the declined first try.
    expect(await statusOf(sub.id)).toBe('incomplete');
    expect((await chargesOfFirstInvoice(sub.id)).map((ch) => ch.status)).toEqual(['authorization_failed']);

    // The customer's own session pays it.
    const own = await pay(await portalSession(merchantId, c.email), sub.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result.status).toBe('active');
  });
});

describe.runIf(isPostgres)('races on PostgreSQL', () => {
  it('20 Pay now clicks at once charge once and leave it active; 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await payer();
      const sub = await incomplete(c.id);
      await createCardOnFile(t.ctx.db, merchantId, c.id, 'success');
      const cookies = await portalSession(merchantId, c.email);
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(cookies, sub.id)));
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(await statusOf(sub.id)).toBe('active');
      const charges = await chargesOfFirstInvoice(sub.id);
      expect(charges.filter((ch) => ch.status === 'capture_succeeded')).toHaveLength(1);
    }
  }, 180_000);
});
