// A buyer subscribes on a product's or payment link's checkout (docs/product-rules.md#subscribing-at-checkout):
// consent required and recorded, matched by e-mail, trial or first period charged, a declined card
// leaving the subscription incomplete, and — under 20 truly parallel submits of one checkout, three
// rounds (PostgreSQL in the api-postgres project) — one customer, one card, one subscription, one charge.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { billing } from '../../../test/support/buyer.ts';
import { testCard } from '../../../test/support/checkout.ts';
import { customers, invoices, savedCards, subscriptions, transactions, webhookEvents } from '../../db/schema.ts';

const PARALLEL = 20;
let t: TestApp;
let owner: TestSession;
let other: TestSession;
let merchantId: string;
let productId: string;
let buyers = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Acme Gym', pricePerUnit: 2_500 }));
  ({ owner: other } = await createSignedInShop(t, { name: 'Other Gym', pricePerUnit: 1_000 }));
  // Events are kept only for a merchant with an endpoint that takes them.
  await ok(owner, 'POST', '/developers/webhook-endpoints/', {
    url: 'https://gym.example.com/hooks',
    events: 'all',
    mode: 'test',
  });
}, 120_000);
afterAll(() => t.close());

const address = () => {
  buyers += 1;
  return `10.88.${Math.floor(buyers / 250)}.${buyers % 250}`;
};

async function ok(session: TestSession, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/apiv1${url}`, headers: session.auth, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().result;
}

/** A product of the shop carrying a new recurring price of its own (test mode, as the sandbox pays). */
async function recurringProduct(trialDays = 0, session = owner) {
  const product = await ok(session, 'POST', '/product/', {
    name: 'Membership',
    price_per_unit: 1_200,
    currency: 'EUR',
  });
  const price = await ok(session, 'POST', '/price/', {
    product_id: product.id,
    amount: 1_200,
    currency: 'EUR',
    interval: 'month',
    mode: 'test',
    ...(trialDays ? { trial_days: trialDays } : {}),
  });
  await ok(session, 'PATCH', `/product/${product.id}/`, { recurring_price_id: price.id });
  return { productId: product.id as string, priceId: price.id as string };
}

async function checkoutToken(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/apiv1/product/get-checkout-token/${id}/`,
    payload: { quantity: 1 },
    remoteAddress: address(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token_card as string;
}

const subscribe = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/subscribe/',
    payload: { billing, card: testCard('4242424242424242'), consent: true, ...payload },
    headers,
    remoteAddress: address(),
  });

const withEmail = (emailAddress: string) => ({ ...billing, emailAddress });

describe('subscribing on a checkout', () => {
  it('shows the amount and interval on the checkout page and opens a checkout for the first period', async () => {
    const { productId: id, priceId } = await recurringProduct(0);
    const details = await t.app.inject({ method: 'GET', url: `/apiv1/product/checkout-details/${id}/` });
    expect(details.json().result.recurring).toEqual({
      price_id: priceId,
      amount: 1_200,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      trial_days: 0,
    });
    const plain = await t.app.inject({ method: 'GET', url: `/apiv1/product/checkout-details/${productId}/` });
    expect(plain.json().result.recurring).toBeNull();
  });

  it('saves the card with the authorisation, charges the first period and announces the subscription', async () => {
    const { productId: id } = await recurringProduct(0);
    const res = await subscribe({ token: await checkoutToken(id), billing: withEmail('happy@example.com') });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ status: 'active', card: { last4: '4242' }, trial_end: null });
    expect(result.consent_text).toBe('I authorise Acme Gym to charge my card €12.00 every month until I cancel.');
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, result.subscription_id));
    expect(sub!.consentText).toBe(result.consent_text);
    expect(sub!.consentAt).toBeInstanceOf(Date);
    const [card] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, sub!.paymentMethodId!));
    expect(card!.consentText).toBe(result.consent_text);
    const [customer] = await t.ctx.db.select().from(customers).where(eq(customers.id, sub!.customerId));
    expect(customer!.email).toBe('happy@example.com');
    const made = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub!.id));
    expect(made.map((i) => i.status)).toEqual(['paid']);
    const events = await t.ctx.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'subscription.created')));
    expect(events.some((e) => e.body.includes(sub!.id))).toBe(true);
  });

  it("shows and records the authorisation in the buyer's language; the new customer keeps that language", async () => {
    const { productId: id } = await recurringProduct(14);
    const token = await checkoutToken(id);
    const german =
      'Ich ermächtige Acme Gym, meine Karte nach dem 14-tägigen kostenlosen Testzeitraum mit 12,00\u00a0€ monatlich zu belasten, bis ich kündige.';
    const session = await t.app.inject({
      method: 'GET',
      url: '/apiv1/pay/session/',
      headers: { 'x-checkout-token': token, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().result.subscription).toEqual({
      label: '12,00\u00a0€ monatlich',
      trial: '14 Tage kostenlos testen',
      consent_text: german,
    });
    const res = await subscribe(
      { token, billing: withEmail('deutsch@example.com') },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.consent_text).toBe(german);
    const [sub] = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.json().result.subscription_id));
    expect(sub!.consentText).toBe(german);
    const [customer] = await t.ctx.db.select().from(customers).where(eq(customers.id, sub!.customerId));
    expect(customer!.locale).toBe('de');
  });

  it('starts the trial with the card saved and nothing charged', async () => {
    const { productId: id } = await recurringProduct(14);
    const res = await subscribe({ token: await checkoutToken(id), billing: withEmail('trial@example.com') });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result.status).toBe('trialing');
    expect(result.trial_end).not.toBeNull();
    expect(result.consent_text).toBe(
      'I authorise Acme Gym to charge my card €12.00 every month after the 14-day free trial until I cancel.',
    );
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, result.subscription_id))).toEqual(
      [],
    );
  });

  it('refuses without the consent ticked, or without an e-mail, and makes nothing', async () => {
    const { productId: id } = await recurringProduct(0);
    const token = await checkoutToken(id);
    const noConsent = await subscribe({ token, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toMatch(/Tick the box/);
    const missing = await subscribe({ token, consent: undefined });
    expect(missing.statusCode).toBe(400);
    const noEmail = await subscribe({ token, billing: withEmail('') });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/e-mail/i);
  });

  it('a declined card leaves no subscription running: it stays incomplete', async () => {
    const { productId: id } = await recurringProduct(0);
    const res = await subscribe({
      token: await checkoutToken(id),
      card: testCard('4000000000000002'),
      billing: withEmail('declined@example.com'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/subscription did not start/);
    const [customer] = await t.ctx.db.select().from(customers).where(eq(customers.email, 'declined@example.com'));
    const subs = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, customer!.id));
    expect(subs.map((s) => s.status)).toEqual(['incomplete']);
  });

  it('a one-time checkout has nothing to subscribe to; bad input is a 400', async () => {
    const once = await subscribe({ token: await checkoutToken(productId) });
    expect(once.statusCode).toBe(422);
    expect(once.json().message).toMatch(/one-time payment/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/apiv1/pay/subscribe/',
      payload: { token: 'x', card: { number: 'abc' } },
      remoteAddress: address(),
    });
    expect(bad.statusCode).toBe(400);
    const forged = await subscribe({ token: 'not-a-real-checkout-token' });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
  });

  it("refuses another merchant's price on a product or payment link", async () => {
    const { priceId: theirs } = await recurringProduct(0, other);
    const product = await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/product/${productId}/`,
      headers: owner.auth,
      payload: { recurring_price_id: theirs },
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toMatch(/Price not found/);
    const link = await t.app.inject({
      method: 'POST',
      url: '/apiv1/quick-payment/',
      headers: owner.auth,
      payload: { name: 'Club', amount: 500, currency: 'EUR', recurring_price_id: theirs },
    });
    expect(link.statusCode).toBe(400);
  });

  it('a payment link with a recurring price subscribes too; a retry with the same Idempotency-Key answers once', async () => {
    const { priceId } = await recurringProduct(0);
    const link = await ok(owner, 'POST', '/quick-payment/', {
      name: 'Club',
      amount: 500,
      currency: 'EUR',
      recurring_price_id: priceId,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/apiv1/quick-payment/get-checkout-token/${link.id}/`,
      payload: {},
      remoteAddress: address(),
    });
    const token = res.json().result.token_card as string;
    const headers = { 'idempotency-key': 'subscribe-once-1' };
    const body = { token, billing: withEmail('link@example.com') };
    const first = await subscribe(body, headers);
    const again = await subscribe(body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().result.subscription_id).toBe(first.json().result.subscription_id);
    const subs = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, first.json().result.subscription_id));
    expect(subs).toHaveLength(1);
  });
});

describe(`${PARALLEL} parallel submits of one checkout`, () => {
  for (let round = 1; round <= 3; round++) {
    it(`round ${round}: one customer, one card, one subscription, one charge`, async () => {
      const { productId: id } = await recurringProduct(0);
      const token = await checkoutToken(id);
      const email = `race-${round}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => subscribe({ token, billing: withEmail(email) })),
      );
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      const made = await t.ctx.db.select().from(customers).where(eq(customers.email, email));
      expect(made).toHaveLength(1);
      const subs = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, made[0]!.id));
      expect(subs).toHaveLength(1);
      expect(subs[0]!.status).toBe('active');
      expect(await t.ctx.db.select().from(savedCards).where(eq(savedCards.customerId, made[0]!.id))).toHaveLength(1);
      const bills = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, subs[0]!.id));
      expect(bills).toHaveLength(1);
      const charges = await t.ctx.db
        .select()
        .from(transactions)
        .where(
          inArray(
            transactions.invoiceId,
            bills.map((b) => b.id),
          ),
        );
      expect(charges.filter((c) => c.status === 'capture_succeeded')).toHaveLength(1);
    });
  }
});
