// Prices, subscriptions, renewals, test clocks and dunning through the API on the sandbox
// (docs/decisions/0024-renewals-exactly-once.md).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardOnFile } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { transactions, webhookDeliveries, webhookEvents } from '../../db/schema.ts';

let t: TestApp;
let owner: TestSession;
let other: TestSession;
let merchantId: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Gym & Co', pricePerUnit: 2_500 }));
  ({ owner: other } = await createSignedInShop(t, { name: 'Other shop', pricePerUnit: 100 }));
  // Events are kept only for a merchant with an endpoint that takes them.
  await ok(owner, 'POST', '/developers/webhook-endpoints/', {
    url: 'https://gym.example.com/hooks',
    events: 'all',
    mode: 'test',
  });
});
afterAll(() => t.close());

const call = (
  session: TestSession,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/apiv1${url}`, headers: session.auth, ...(payload ? { payload } : {}) });

async function ok(
  session: TestSession,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await call(session, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().result;
}

async function monthlyPrice(over: object = {}) {
  return ok(owner, 'POST', '/price/', {
    product_id: productId,
    amount: 3_000,
    currency: 'USD',
    interval: 'month',
    mode: 'test',
    ...over,
  });
}

async function customerWithCard(behaviour: 'success' | 'declines_later' = 'success', clockId?: string) {
  const customer = await ok(owner, 'POST', '/customer/', {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    mode: 'test',
    ...(clockId ? { test_clock_id: clockId } : {}),
  });
  const card = await createCardOnFile(t.ctx.db, merchantId, customer.id, behaviour);
  return { customerId: customer.id as string, cardId: card.id };
}

const chargesOf = (invoiceId: string) =>
  t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));

describe('prices', () => {
  it('creates one-off and recurring prices, lists them by product and archives one', async () => {
    const monthly = await monthlyPrice({ trial_days: 14 });
    expect(monthly).toMatchObject({ interval: 'month', interval_count: 1, trial_days: 14, active: true, mode: 'test' });
    const once = await ok(owner, 'POST', '/price/', {
      product_id: productId,
      amount: 900,
      currency: 'USD',
      mode: 'test',
    });
    expect(once.interval).toBeNull();
    const recurring = await ok(owner, 'GET', `/price/?product_id=${productId}&recurring=true`);
    expect(recurring.results.map((p: { id: string }) => p.id)).toContain(monthly.id);
    expect(recurring.results.map((p: { id: string }) => p.id)).not.toContain(once.id);
    const archived = await ok(owner, 'PATCH', `/price/${once.id}/`, { active: false });
    expect(archived.active).toBe(false);
  });

  it('refuses bad prices with messages a person reads, and hides them from another merchant', async () => {
    const trialOnce = await call(owner, 'POST', '/price/', {
      product_id: productId,
      amount: 900,
      currency: 'USD',
      trial_days: 3,
      mode: 'test',
    });
    expect(trialOnce.statusCode).toBe(400);
    expect(trialOnce.json().message).toBe('Trial days: Only a recurring price has a trial');
    const tooLong = await call(owner, 'POST', '/price/', {
      product_id: productId,
      amount: 900,
      currency: 'USD',
      interval: 'year',
      interval_count: 4,
      mode: 'test',
    });
    expect(tooLong.json().message).toBe('Interval count: A billing period is at most three years');
    const price = await monthlyPrice();
    expect((await call(other, 'GET', `/price/${price.id}/`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/price/${price.id}/`, { active: false })).statusCode).toBe(404);
    const foreignProduct = await call(other, 'POST', '/price/', {
      product_id: productId,
      amount: 900,
      currency: 'USD',
      mode: 'test',
    });
    expect(foreignProduct.statusCode).toBe(400);
    expect(foreignProduct.json().message).toBe('Product not found.');
  });
});

describe('subscriptions', () => {
  it('charges the first period at once as a merchant-initiated payment and becomes active', async () => {
    const price = await monthlyPrice();
    const { customerId, cardId } = await customerWithCard();
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id, quantity: 2 });
    expect(sub.status).toBe('active');
    expect(sub.payment_method_id).toBe(cardId);
    expect(sub.invoices).toHaveLength(1);
    expect(sub.invoices[0]).toMatchObject({ status: 'paid', total_amount: 6_000, attempt_count: 1 });
    const [charge] = await chargesOf(sub.invoices[0].id);
    expect(charge).toMatchObject({
      status: 'capture_succeeded',
      amount: 6_000,
      initiator: 'merchant',
      paymentMethodId: cardId,
    });
    const events = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['subscription.created', 'invoice.created', 'subscription.updated']));
    expect((await call(other, 'GET', `/subscription/${sub.id}/`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/subscription/${sub.id}/pause/`)).statusCode).toBe(404);
  });

  it('refuses a one-off price, a customer without a card, and another merchant’s customer', async () => {
    const once = await ok(owner, 'POST', '/price/', {
      product_id: productId,
      amount: 900,
      currency: 'USD',
      mode: 'test',
    });
    const { customerId } = await customerWithCard();
    const oneOff = await call(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: once.id });
    expect(oneOff.statusCode).toBe(400);
    expect(oneOff.json().message).toBe('Choose a recurring price: this one is paid once.');
    const bare = await ok(owner, 'POST', '/customer/', { name: 'No Card', mode: 'test' });
    const price = await monthlyPrice();
    const noCard = await call(owner, 'POST', '/subscription/', { customer_id: bare.id, price_id: price.id });
    expect(noCard.json().message).toMatch(/no saved card/);
    const foreign = await call(other, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Customer not found.');
  });

  it('pauses, refuses a second pause, resumes with a new billed period, and cancels at the end of the period', async () => {
    const price = await monthlyPrice();
    const { customerId } = await customerWithCard();
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    expect((await ok(owner, 'POST', `/subscription/${sub.id}/pause/`)).status).toBe('paused');
    const again = await call(owner, 'POST', `/subscription/${sub.id}/pause/`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('A subscription that is paused cannot be paused.');
    const resumed = await ok(owner, 'POST', `/subscription/${sub.id}/resume/`);
    expect(resumed.status).toBe('active');
    expect(resumed.invoices).toHaveLength(2);
    const ending = await ok(owner, 'POST', `/subscription/${sub.id}/cancel/`, { at_period_end: true });
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const now = await ok(owner, 'POST', `/subscription/${sub.id}/cancel/`, {});
    expect(now.status).toBe('canceled');
    const resumeCanceled = await call(owner, 'POST', `/subscription/${sub.id}/resume/`);
    expect(resumeCanceled.json().message).toBe('A subscription that is canceled cannot be resumed.');
  });

  it('previews and applies a quantity change with proration carried to the next invoice', async () => {
    const clock = await ok(owner, 'POST', '/test-clock/', { frozen_time: '2026-01-01T00:00:00Z' });
    const price = await monthlyPrice({ amount: 3_100 });
    const { customerId } = await customerWithCard('success', clock.id);
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-01-16T12:00:00Z' });
    const preview = await ok(owner, 'PATCH', `/subscription/${sub.id}/`, { quantity: 2, preview: true });
    // Half of a 31-day January is left: credit 1,550 at one seat, charge 3,100 at two.
    expect(preview.proration).toMatchObject({
      credit: 1_550,
      charge: 3_100,
      net: 1_550,
      unused_share_millionths: 500_000,
    });
    expect(preview.subscription.quantity).toBe(1);
    const changed = await ok(owner, 'PATCH', `/subscription/${sub.id}/`, { quantity: 2 });
    expect(changed.subscription).toMatchObject({ quantity: 2, pending_proration: 1_550 });
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-02-01T00:00:01Z' });
    const after = await ok(owner, 'GET', `/subscription/${sub.id}/`);
    expect(after.invoices[0]).toMatchObject({ total_amount: 6_200 + 1_550, status: 'paid' });
    expect(after.pending_proration).toBe(0);
  });
});

describe('test clocks and dunning', () => {
  it('runs a trial, renewals month by month on the month-end rule, and never follows the wall clock', async () => {
    const clock = await ok(owner, 'POST', '/test-clock/', { frozen_time: '2026-01-31T10:00:00Z', name: 'Month ends' });
    const price = await monthlyPrice({ trial_days: 0 });
    const { customerId } = await customerWithCard('success', clock.id);
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    expect(sub).toMatchObject({ test_clock_id: clock.id, current_period_end: '2026-02-28T10:00:00.000Z' });
    // The wall clock's tick leaves a clock's subscription alone.
    t.clock.advance(400 * 86_400_000);
    const { runRenewals } = await import('./renewals.service.ts');
    await runRenewals(t.ctx);
    t.clock.advance(-400 * 86_400_000);
    expect((await ok(owner, 'GET', `/subscription/${sub.id}/`)).invoices).toHaveLength(1);
    const advanced = await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, {
      frozen_time: '2026-04-01T00:00:00Z',
    });
    expect(advanced.frozen_time).toBe('2026-04-01T00:00:00.000Z');
    const after = await ok(owner, 'GET', `/subscription/${sub.id}/`);
    expect(after.invoices.map((i: { period_start: string }) => i.period_start)).toEqual([
      '2026-03-31T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-01-31T10:00:00.000Z',
    ]);
    expect(after.invoices.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    const back = await call(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-03-01T00:00:00Z' });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('A test clock only moves forward: choose a time after its current time.');
  });

  it('a renewal’s events reach only the endpoints of their mode that take their type', async () => {
    // A shop of its own, so that only these endpoints exist: one takes invoice.created, one
    // subscription.updated and invoice.paid, and one of live mode takes everything.
    const shop = await createSignedInShop(t, { name: 'Events only', pricePerUnit: 1_000 });
    const endpoint = async (events: string[] | 'all', mode: 'test' | 'live') =>
      (await ok(shop.owner, 'POST', '/developers/webhook-endpoints/', { url: 'https://e.example.com/h', events, mode }))
        .id as string;
    const created = await endpoint(['invoice.created'], 'test');
    const updatedPaid = await endpoint(['subscription.updated', 'invoice.paid'], 'test');
    const live = await endpoint('all', 'live');
    const clock = await ok(shop.owner, 'POST', '/test-clock/', { frozen_time: '2026-05-01T00:00:00Z' });
    const price = await ok(shop.owner, 'POST', '/price/', {
      product_id: shop.productId,
      amount: 1_000,
      currency: 'USD',
      interval: 'month',
      mode: 'test',
    });
    const customer = await ok(shop.owner, 'POST', '/customer/', {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      mode: 'test',
      test_clock_id: clock.id,
    });
    await createCardOnFile(t.ctx.db, shop.merchantId, customer.id, 'success');
    await ok(shop.owner, 'POST', '/subscription/', { customer_id: customer.id, price_id: price.id });
    await ok(shop.owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-06-01T01:00:00Z' });
    const typesFor = async (endpointId: string) =>
      (
        await t.ctx.db
          .select({ type: webhookEvents.type })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(eq(webhookDeliveries.endpointId, endpointId))
      )
        .map((r) => r.type)
        .sort();
    // Two periods' invoices (the first at once, the renewal), the renewal's roll-over and both payments.
    expect(await typesFor(created)).toEqual(['invoice.created', 'invoice.created']);
    const other = await typesFor(updatedPaid);
    expect(new Set(other)).toEqual(new Set(['invoice.paid', 'subscription.updated']));
    expect(other.filter((type) => type === 'invoice.paid')).toHaveLength(2);
    expect(await typesFor(live)).toEqual([]);
  });

  it('a live customer cannot follow a test clock', async () => {
    const clock = await ok(owner, 'POST', '/test-clock/', { frozen_time: '2026-01-01T00:00:00Z' });
    const res = await call(owner, 'POST', '/customer/', { name: 'Live Larry', mode: 'live', test_clock_id: clock.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Test clocks are for test mode only: a live customer always follows the real time.',
    );
    expect((await call(other, 'GET', `/test-clock/${clock.id}/`)).statusCode).toBe(404);
  });

  it('a declined renewal goes past_due, retries on days 1, 3, 5, 7 with an e-mail each, then cancels', async () => {
    const clock = await ok(owner, 'POST', '/test-clock/', { frozen_time: '2026-03-01T00:00:00Z' });
    const price = await monthlyPrice({ trial_days: 7 });
    const { customerId } = await customerWithCard('declines_later', clock.id);
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    expect(sub.status).toBe('trialing');
    const mailsBefore = t.mail.sent.length;
    const firstTry = await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, {
      frozen_time: '2026-03-08T01:00:00Z',
    });
    expect(firstTry.happened.map((h: { kind: string }) => h.kind)).toEqual(
      expect.arrayContaining(['trial_will_end', 'trial_end']),
    );
    let now = await ok(owner, 'GET', `/subscription/${sub.id}/`);
    expect(now.status).toBe('past_due');
    expect(now.invoices[0]).toMatchObject({ attempt_count: 1, next_payment_attempt_at: '2026-03-09T00:00:00.000Z' });
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-03-14T12:00:00Z' });
    now = await ok(owner, 'GET', `/subscription/${sub.id}/`);
    expect(now.status).toBe('past_due');
    expect(now.invoices[0].attempt_count).toBe(4);
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-03-16T00:00:00Z' });
    now = await ok(owner, 'GET', `/subscription/${sub.id}/`);
    expect(now.status).toBe('canceled');
    expect(now.invoices[0]).toMatchObject({ attempt_count: 5, next_payment_attempt_at: null, status: 'sent' });
    const charges = await chargesOf(now.invoices[0].id);
    expect(charges).toHaveLength(5);
    expect(charges.every((c) => c.status === 'authorization_failed')).toBe(true);
    const dunning = t.mail.sent
      .slice(mailsBefore)
      .filter((m) => m.to === 'ada@example.com' && /failed/.test(m.subject));
    expect(dunning).toHaveLength(5);
    expect(dunning[0]!.text).toMatch(/Pay the invoice: http:\/\/kassa\.test\//);
    const types = (await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId))).map(
      (e) => e.type,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.trial_will_end',
        'subscription.past_due',
        'invoice.payment_failed',
        'subscription.canceled',
      ]),
    );
  });

  it('a retry that succeeds after the card is replaced brings the subscription back to active', async () => {
    const clock = await ok(owner, 'POST', '/test-clock/', { frozen_time: '2026-05-01T00:00:00Z' });
    const price = await monthlyPrice({ trial_days: 1 });
    const { customerId } = await customerWithCard('declines_later', clock.id);
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-05-02T01:00:00Z' });
    expect((await ok(owner, 'GET', `/subscription/${sub.id}/`)).status).toBe('past_due');
    // The customer replaces the card (the replace link retires the old one): the next try charges the new card.
    const good = await createCardOnFile(t.ctx.db, merchantId, customerId, 'success');
    const declining = (await ok(owner, 'GET', `/subscription/${sub.id}/`)).payment_method_id;
    await ok(owner, 'DELETE', `/customer/${customerId}/payment-method/${declining}/`);
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-05-03T01:00:00Z' });
    const now = await ok(owner, 'GET', `/subscription/${sub.id}/`);
    expect(now.status).toBe('active');
    expect(now.invoices[0]).toMatchObject({ status: 'paid', attempt_count: 2, next_payment_attempt_at: null });
    const [paid] = await t.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.invoiceId, now.invoices[0].id), eq(transactions.status, 'capture_succeeded')));
    expect(paid?.paymentMethodId).toBe(good.id);
    expect(now.payment_method_id).toBe(good.id);
  });

  it('changes the quantity of a trialing subscription without proration (nothing was paid yet)', async () => {
    const price = await monthlyPrice({ trial_days: 10 });
    const { customerId } = await customerWithCard();
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    const changed = await ok(owner, 'PATCH', `/subscription/${sub.id}/`, { quantity: 3 });
    expect(changed.subscription).toMatchObject({ status: 'trialing', quantity: 3, pending_proration: 0 });
    expect(changed.proration).toMatchObject({ credit: 0, charge: 0, net: 0 });
  });

  it('changes the card a subscription charges, and refuses another customer’s card', async () => {
    const price = await monthlyPrice();
    const { customerId } = await customerWithCard();
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    const second = await createCardOnFile(t.ctx.db, merchantId, customerId, 'success');
    const changed = await ok(owner, 'PATCH', `/subscription/${sub.id}/`, {
      payment_method_id: second.id,
      proration_behavior: 'none',
    });
    expect(changed.subscription.payment_method_id).toBe(second.id);
    const stranger = await customerWithCard();
    const refused = await call(owner, 'PATCH', `/subscription/${sub.id}/`, { payment_method_id: stranger.cardId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This card is not one of the customer’s saved cards.');
  });

  it('billing settings: unpaid after the last try, with a custom schedule', async () => {
    const bad = await call(owner, 'PUT', '/subscription/billing-settings/', {
      retry_days: [3, 1],
      after_last_retry: 'unpaid',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Retry days: List the retry days in increasing order');
    await ok(owner, 'PUT', '/subscription/billing-settings/', { retry_days: [2], after_last_retry: 'unpaid' });
    const clock = await ok(owner, 'POST', '/test-clock/', { frozen_time: '2026-06-01T00:00:00Z' });
    const price = await monthlyPrice({ trial_days: 1 });
    const { customerId } = await customerWithCard('declines_later', clock.id);
    const sub = await ok(owner, 'POST', '/subscription/', { customer_id: customerId, price_id: price.id });
    await ok(owner, 'POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-06-05T00:00:00Z' });
    expect((await ok(owner, 'GET', `/subscription/${sub.id}/`)).status).toBe('unpaid');
    await ok(owner, 'PUT', '/subscription/billing-settings/', {
      retry_days: [1, 3, 5, 7],
      after_last_retry: 'canceled',
    });
  });
});
