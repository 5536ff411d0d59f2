// The gaps in a subscription's life that Stripe Billing closes (docs/product-rules.md "Incomplete
// subscriptions", "Pausing a subscription", "Changing a subscription's price"): an incomplete
// subscription is paid within 23 hours or expires; a paused one neither renews nor retries; a change to
// another billing cycle is refused with a reason. Races on PostgreSQL: 20 at once, three rounds.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardOnFile } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { invoices, subscriptions, testClocks, transactions, webhookEvents } from '../../db/schema.ts';
import { runRenewals } from './renewals.service.ts';

const isPostgres = process.env.KASSA_TEST_DB === 'postgres';
let t: TestApp;
let owner: TestSession;
let merchantId: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Lifecycle gym', pricePerUnit: 2_500 }));
  await ok('POST', '/developers/webhook-endpoints/', {
    url: 'https://gym.example.com/hooks',
    events: 'all',
    mode: 'test',
  });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv1${url}`, headers: owner.auth, ...(payload ? { payload } : {}) });
async function ok(method: Method, url: string, payload?: object) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().result;
}

const price = (over: object = {}) =>
  ok('POST', '/price/', {
    product_id: productId,
    amount: 3_000,
    currency: 'USD',
    interval: 'month',
    mode: 'test',
    ...over,
  });

let customers = 0;
async function customerOn(clockId: string, behaviour: 'success' | 'declines_later') {
  customers += 1;
  const customer = await ok('POST', '/customer/', {
    name: `Grace Hopper ${customers}`,
    email: `grace${customers}@example.com`,
    mode: 'test',
    test_clock_id: clockId,
  });
  const card = await createCardOnFile(t.ctx.db, merchantId, customer.id, behaviour);
  return { customerId: customer.id as string, cardId: card.id };
}

const clockAt = (frozen: string) => ok('POST', '/test-clock/', { frozen_time: frozen });
const advance = (clockId: string, to: string) => ok('POST', `/test-clock/${clockId}/advance/`, { frozen_time: to });
const chargesOf = (invoiceId: string) =>
  t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));

/** An incomplete subscription: its first charge declined on the customer's only card. */
async function incomplete(clockId: string) {
  const { customerId, cardId } = await customerOn(clockId, 'declines_later');
  const p = await price();
  const sub = await ok('POST', '/subscription/', { customer_id: customerId, price_id: p.id });
  expect(sub.status).toBe('incomplete');
  return { sub, customerId, cardId };
}

/** The customer's working card replaces the declining one (as the replace-card link does). */
async function replaceCard(customerId: string, declining: string) {
  const good = await createCardOnFile(t.ctx.db, merchantId, customerId, 'success');
  await ok('DELETE' as Method, `/customer/${customerId}/payment-method/${declining}/`);
  return good;
}

describe('an incomplete subscription: paid within 23 hours, or expired', () => {
  it('the merchant pays the first invoice with the new card: active, one successful charge', async () => {
    const clock = await clockAt('2026-02-01T09:00:00Z');
    const { sub, customerId, cardId } = await incomplete(clock.id);
    await advance(clock.id, '2026-02-01T20:00:00Z');
    expect((await ok('GET', `/subscription/${sub.id}/`)).status).toBe('incomplete');
    await replaceCard(customerId, cardId);
    const paid = await ok('POST', `/subscription/${sub.id}/pay/`);
    expect(paid.status).toBe('active');
    expect(paid.invoices[0]).toMatchObject({ status: 'paid', next_payment_attempt_at: null });
    const charges = await chargesOf(paid.invoices[0].id);
    expect(charges.map((c) => c.status).sort()).toEqual(['authorization_failed', 'capture_succeeded']);
    // Active now: a day later it does not expire.
    await advance(clock.id, '2026-02-03T00:00:00Z');
    expect((await ok('GET', `/subscription/${sub.id}/`)).status).toBe('active');
  });

  it('paid on the invoice’s page (any other way): the tick makes it active', async () => {
    const clock = await clockAt('2026-02-01T09:00:00Z');
    const { sub } = await incomplete(clock.id);
    await t.ctx.db
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(invoices.subscriptionId, sub.id));
    await advance(clock.id, '2026-02-01T10:00:00Z');
    expect((await ok('GET', `/subscription/${sub.id}/`)).status).toBe('active');
  });

  it('unpaid for 23 hours: incomplete_expired, its invoice void, and paying it is refused', async () => {
    const clock = await clockAt('2026-03-01T09:00:00Z');
    const { sub, customerId, cardId } = await incomplete(clock.id);
    const before = await advance(clock.id, '2026-03-02T07:59:00Z');
    expect(before.happened).toEqual([]);
    expect((await ok('GET', `/subscription/${sub.id}/`)).status).toBe('incomplete');
    const after = await advance(clock.id, '2026-03-05T00:00:00Z');
    expect(after.happened.map((h: { kind: string; at: string }) => [h.kind, h.at])).toEqual([
      ['expired', '2026-03-02T08:00:00.000Z'],
    ]);
    const expired = await ok('GET', `/subscription/${sub.id}/`);
    expect(expired.status).toBe('incomplete_expired');
    expect(expired.invoices.map((i: { status: string }) => i.status)).toEqual(['void']);
    await replaceCard(customerId, cardId);
    const refused = await call('POST', `/subscription/${sub.id}/pay/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('A subscription that is incomplete expired cannot be paid.');
    const resumed = await call('POST', `/subscription/${sub.id}/resume/`);
    expect(resumed.json().message).toBe('A subscription that is incomplete expired cannot be resumed.');
    expect(await chargesOf(expired.invoices[0].id)).toHaveLength(1);
  });

  it('paying after 23 hours, before a tick expired it, is refused with the reason', async () => {
    const clock = await clockAt('2026-04-01T09:00:00Z');
    const { sub, customerId, cardId } = await incomplete(clock.id);
    await replaceCard(customerId, cardId);
    await t.ctx.db
      .update(testClocks)
      .set({ frozenTime: new Date('2026-04-02T09:00:00Z') })
      .where(eq(testClocks.id, clock.id));
    const refused = await call('POST', `/subscription/${sub.id}/pay/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/not paid within 23 hours/);
  });

  it('an active subscription has nothing to pay', async () => {
    const clock = await clockAt('2026-04-01T09:00:00Z');
    const { customerId } = await customerOn(clock.id, 'success');
    const sub = await ok('POST', '/subscription/', { customer_id: customerId, price_id: (await price()).id });
    const refused = await call('POST', `/subscription/${sub.id}/pay/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('A subscription that is active cannot be paid.');
  });
});

describe('a paused subscription neither renews nor retries', () => {
  it('past_due, paused for two months: no try, no invoice; resumed: a new period from the resume and the retries go on', async () => {
    const clock = await clockAt('2026-05-01T00:00:00Z');
    const { customerId } = await customerOn(clock.id, 'declines_later');
    const sub = await ok('POST', '/subscription/', {
      customer_id: customerId,
      price_id: (await price({ trial_days: 1 })).id,
    });
    await advance(clock.id, '2026-05-02T01:00:00Z');
    let now = await ok('GET', `/subscription/${sub.id}/`);
    expect(now.status).toBe('past_due');
    expect(now.invoices[0]).toMatchObject({ attempt_count: 1, next_payment_attempt_at: '2026-05-03T00:00:00.000Z' });
    const firstInvoice = now.invoices[0].id;

    expect((await ok('POST', `/subscription/${sub.id}/pause/`)).status).toBe('paused');
    const paused = await advance(clock.id, '2026-07-10T00:00:00Z');
    expect(paused.happened).toEqual([]);
    now = await ok('GET', `/subscription/${sub.id}/`);
    expect(now.status).toBe('paused');
    expect(now.invoices).toHaveLength(1);
    expect(now.invoices[0].attempt_count).toBe(1);
    expect(await chargesOf(firstInvoice)).toHaveLength(1);

    const resumed = await ok('POST', `/subscription/${sub.id}/resume/`);
    // A new period counted from the moment of the resume, billed at once; the open invoice is tried again.
    expect(resumed.current_period_start).toBe('2026-07-10T00:00:00.000Z');
    expect(resumed.current_period_end).toBe('2026-08-10T00:00:00.000Z');
    expect(resumed.invoices).toHaveLength(2);
    expect(resumed.invoices[0]).toMatchObject({ period_start: '2026-07-10T00:00:00.000Z' });
    expect(resumed.invoices.find((i: { id: string }) => i.id === firstInvoice).attempt_count).toBe(2);
    expect(resumed.status).toBe('past_due');
  });

  it('an active subscription paused over its renewal makes no invoice until resumed', async () => {
    const clock = await clockAt('2026-05-01T00:00:00Z');
    const { customerId } = await customerOn(clock.id, 'success');
    const sub = await ok('POST', '/subscription/', { customer_id: customerId, price_id: (await price()).id });
    expect(sub.status).toBe('active');
    await ok('POST', `/subscription/${sub.id}/pause/`);
    await advance(clock.id, '2026-08-15T00:00:00Z');
    expect((await ok('GET', `/subscription/${sub.id}/`)).invoices).toHaveLength(1);
    const resumed = await ok('POST', `/subscription/${sub.id}/resume/`);
    expect(resumed).toMatchObject({ status: 'active', current_period_start: '2026-08-15T00:00:00.000Z' });
    expect(resumed.invoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
    await advance(clock.id, '2026-09-15T00:00:01Z');
    expect((await ok('GET', `/subscription/${sub.id}/`)).invoices).toHaveLength(3);
  });
});

describe('a change to a price of another billing cycle', () => {
  it('is refused with the reason and the way to do it', async () => {
    const clock = await clockAt('2026-05-01T00:00:00Z');
    const { customerId } = await customerOn(clock.id, 'success');
    const sub = await ok('POST', '/subscription/', { customer_id: customerId, price_id: (await price()).id });
    const yearly = await price({ interval: 'year', amount: 30_000 });
    const refused = await call('PATCH', `/subscription/${sub.id}/`, { price_id: yearly.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/same billing period \(interval and count\)/);
    const everyTwo = await price({ interval_count: 2 });
    expect((await call('PATCH', `/subscription/${sub.id}/`, { price_id: everyTwo.id })).statusCode).toBe(400);
  });
});

describe.runIf(isPostgres)('races on PostgreSQL', () => {
  it('20 pays of one incomplete subscription at once: one charge, active; 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const clock = await clockAt('2026-06-01T09:00:00Z');
      const { sub, customerId, cardId } = await incomplete(clock.id);
      await replaceCard(customerId, cardId);
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/subscription/${sub.id}/pay/`)));
      expect(answers.every((a) => a.statusCode < 500)).toBe(true);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      const now = await ok('GET', `/subscription/${sub.id}/`);
      expect(now.status).toBe('active');
      const charges = await chargesOf(now.invoices[0].id);
      expect(charges.filter((c) => c.status === 'capture_succeeded')).toHaveLength(1);
    }
  }, 120_000);

  it('20 ticks at once: 20 incomplete subscriptions expire once each, a paused one is never tried; 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const clock = await clockAt('2026-07-01T09:00:00Z');
      const { customerId } = await customerOn(clock.id, 'declines_later');
      const pausedSub = await ok('POST', '/subscription/', {
        customer_id: customerId,
        price_id: (await price({ trial_days: 1 })).id,
      });
      await advance(clock.id, '2026-07-02T10:00:00Z'); // the trial's first try fails: past_due, a retry due
      expect((await ok('GET', `/subscription/${pausedSub.id}/`)).status).toBe('past_due');
      await ok('POST', `/subscription/${pausedSub.id}/pause/`);
      const made: string[] = [];
      for (let i = 0; i < 20; i++) made.push((await incomplete(clock.id)).sub.id as string);
      const at = new Date('2026-07-09T00:00:00Z');
      await t.ctx.db.update(testClocks).set({ frozenTime: at }).where(eq(testClocks.id, clock.id));
      const runs = await Promise.all(Array.from({ length: 20 }, () => runRenewals(t.ctx, { clockId: clock.id, at })));
      const expiredNotes = runs.flat().filter((h) => h.kind === 'expired');
      expect(expiredNotes).toHaveLength(20);
      expect(new Set(expiredNotes.map((h) => h.subscription_id)).size).toBe(20);
      const rows = await t.ctx.db.select().from(subscriptions).where(inArray(subscriptions.id, made));
      expect(rows.every((r) => r.status === 'incomplete_expired')).toBe(true);
      const open = await t.ctx.db.select().from(invoices).where(inArray(invoices.subscriptionId, made));
      expect(open.every((i) => i.status === 'void')).toBe(true);
      const events = await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'subscription.updated')));
      const expiredEvents = events
        .map((e) => e.body)
        .filter((body) => body.includes('incomplete_expired') && made.some((id) => body.includes(id)));
      expect(expiredEvents).toHaveLength(20);
      const [pausedInvoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, pausedSub.id));
      expect(pausedInvoice!.attemptCount).toBe(1);
      expect(await chargesOf(pausedInvoice!.id)).toHaveLength(1);
    }
  }, 300_000);
});
