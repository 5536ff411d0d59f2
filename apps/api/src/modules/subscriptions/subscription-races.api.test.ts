// The subscription moves under ≥ 20 truly parallel requests, three rounds each (on PostgreSQL in the
// api-postgres project): one pause wins and the rest are refused; parallel plan changes each priced from
// the row they read, so one applies and no proration is counted twice; parallel advances of one test
// clock run its renewals once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardOnFile } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { invoices, transactions } from '../../db/schema.ts';

const PARALLEL = 20;
let t: TestApp;
let owner: TestSession;
let merchantId: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Race Gym', pricePerUnit: 1_000 }));
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv1${url}`, headers: owner.auth, ...(payload ? { payload } : {}) });
async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().result;
}

async function subscribed(clockId?: string) {
  const price = await ok('POST', '/price/', {
    product_id: productId,
    amount: 3_100,
    currency: 'USD',
    interval: 'month',
    mode: 'test',
  });
  const customer = await ok('POST', '/customer/', {
    name: 'Racer',
    mode: 'test',
    ...(clockId ? { test_clock_id: clockId } : {}),
  });
  await createCardOnFile(t.ctx.db, merchantId, customer.id);
  return ok('POST', '/subscription/', { customer_id: customer.id, price_id: price.id });
}

describe('parallel subscription moves', () => {
  for (let round = 1; round <= 3; round++) {
    it(`round ${round}: ${PARALLEL} pauses at once, one wins`, async () => {
      const sub = await subscribed();
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => call('POST', `/subscription/${sub.id}/pause/`)),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(PARALLEL - 1);
      expect((await ok('GET', `/subscription/${sub.id}/`)).status).toBe('paused');
    });

    it(`round ${round}: ${PARALLEL} plan changes at once carry one proration, never two`, async () => {
      const clock = await ok('POST', '/test-clock/', { frozen_time: '2026-01-01T00:00:00Z' });
      const sub = await subscribed(clock.id);
      await ok('POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-01-16T12:00:00Z' });
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => call('PATCH', `/subscription/${sub.id}/`, { quantity: 2 + i })),
      );
      // Each change that applies was priced from the row as it found it; the others are refused. However
      // many apply (one, when they truly overlap), the carried proration is exactly the sum of theirs.
      const applied = answers.filter((r) => r.statusCode === 200).map((r) => r.json().result);
      expect(applied.length).toBeGreaterThanOrEqual(1);
      expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(PARALLEL - applied.length);
      const now = await ok('GET', `/subscription/${sub.id}/`);
      const nets = applied.map((a: { proration: { net: number } }) => a.proration.net);
      expect(now.pending_proration).toBe(nets.reduce((sum: number, n: number) => sum + n, 0));
      expect(applied.map((a: { subscription: { quantity: number } }) => a.subscription.quantity)).toContain(
        now.quantity,
      );
    });

    it(`round ${round}: ${PARALLEL} advances of one test clock renew each period once`, async () => {
      const clock = await ok('POST', '/test-clock/', { frozen_time: '2026-01-01T00:00:00Z' });
      const sub = await subscribed(clock.id);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          call('POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-04-01T12:00:00Z' }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      for (const refused of answers.filter((r) => r.statusCode !== 200)) {
        expect([400, 409]).toContain(refused.statusCode);
      }
      // Whatever the answers, one more advance finishes the job: each period has one invoice and one charge.
      await call('POST', `/test-clock/${clock.id}/advance/`, { frozen_time: '2026-04-01T12:00:01Z' });
      const made = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
      expect(made.map((i) => i.periodStart!.toISOString()).sort()).toEqual([
        '2026-01-01T00:00:00.000Z',
        '2026-02-01T00:00:00.000Z',
        '2026-03-01T00:00:00.000Z',
        '2026-04-01T00:00:00.000Z',
      ]);
      for (const invoice of made) {
        expect(await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice.id))).toHaveLength(
          1,
        );
      }
    });
  }
});
