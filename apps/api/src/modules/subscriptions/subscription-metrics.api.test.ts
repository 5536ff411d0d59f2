// GET /subscription/metrics/: MRR, active subscribers, churn and recovery of a fixture of subscriptions
// in every status, four intervals and two currencies, beside another tenant's and a live one that must
// never be counted (docs/product-rules.md#subscription-metrics).
import { APP, ROLE } from '@kassa/contract/access';
import { monthlyRecurringRevenue } from '@kassa/contract/subscription-metrics';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvoice } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { envelopeProblem } from '../../../test/matrix/envelope.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { customers, prices, products, subscriptions } from '../../db/schema.ts';
import { activeSubscribersQuery, churnQuery, mrrQuery, recoveryQuery } from './subscription-metrics.queries.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const {
  owner,
  subUser: viewer,
  merchantId,
  otherMerchantId,
} = await signInMerchantTeam(t, {
  subUserAccess: { [APP.INVOICES]: [1] },
  inactiveHubStatus: 1,
});
const productsOnly = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.PRODUCTS]: [1, 2, 3, 4] },
});
const other = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: otherMerchantId });
const call = apiCaller(t);
const isPostgres = process.env.KASSA_TEST_DB === 'postgres';

const DAY = 86_400_000;
const now = t.ctx.clock.now();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
type Mode = 'test' | 'live';
type Interval = 'day' | 'week' | 'month' | 'year';

async function customer(merchant: string, mode: Mode = 'test') {
  const [row] = await t.ctx.db.insert(customers).values({ merchantId: merchant, mode, name: 'Member' }).returning();
  return row!.id;
}

async function price(
  merchant: string,
  amount: number,
  currency: string,
  interval: Interval,
  intervalCount = 1,
  mode: Mode = 'test',
) {
  const [product] = await t.ctx.db
    .insert(products)
    .values({ merchantId: merchant, name: `Plan ${amount}`, pricePerUnit: amount })
    .returning();
  const [row] = await t.ctx.db
    .insert(prices)
    .values({ merchantId: merchant, productId: product!.id, mode, amount, currency, interval, intervalCount })
    .returning();
  return row!.id;
}

async function subscription(
  merchant: string,
  customerId: string,
  priceId: string,
  status: (typeof subscriptions.$inferInsert)['status'],
  over: { createdDaysAgo?: number; canceledDaysAgo?: number; quantity?: number; mode?: Mode } = {},
) {
  const created = ago(over.createdDaysAgo ?? 1);
  const [row] = await t.ctx.db
    .insert(subscriptions)
    .values({
      merchantId: merchant,
      mode: over.mode ?? 'test',
      customerId,
      priceId,
      quantity: over.quantity ?? 1,
      status,
      billingCycleAnchor: created,
      currentPeriodStart: created,
      currentPeriodEnd: new Date(now.getTime() + 20 * DAY),
      canceledAt: over.canceledDaysAgo === undefined ? null : ago(over.canceledDaysAgo),
      createdAt: created,
    })
    .returning();
  return row!.id;
}

/** A subscription invoice with its declined tries (days ago) and, once paid, the payment that took it. */
async function periodInvoice(
  merchant: string,
  subscriptionId: string,
  total: number,
  currency: string,
  paid: boolean,
  failedDaysAgo: number[],
) {
  const invoice = await createInvoice(t.ctx.db, merchant, {
    subscriptionId,
    periodStart: ago(Math.max(0, ...failedDaysAgo) + 1 + Math.random()),
    currency,
    totalAmount: total,
    status: paid ? 'paid' : 'sent',
    amountPaid: paid ? total : 0,
    paidAt: paid ? now : null,
  });
  for (const days of failedDaysAgo) {
    await createTransaction(t.ctx.db, merchant, {
      source: 'invoice',
      invoiceId: invoice.id,
      amount: total,
      currency,
      status: 'authorization_failed',
      createdAt: ago(days),
    });
  }
  if (paid) {
    await createTransaction(t.ctx.db, merchant, { source: 'invoice', invoiceId: invoice.id, amount: total, currency });
  }
}

// The fixture. Test mode, this merchant:
const [c1, c2, c3, c4, c5, c6] = (await Promise.all([1, 2, 3, 4, 5, 6].map(() => customer(merchantId)))) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const monthly = await price(merchantId, 3_000, 'USD', 'month');
const yearly = await price(merchantId, 12_000, 'USD', 'year');
const fortnightly = await price(merchantId, 1_200, 'USD', 'week', 2);
const daily = await price(merchantId, 100, 'EUR', 'day');
const s1 = await subscription(merchantId, c1, monthly, 'active', { createdDaysAgo: 60, quantity: 2 });
const s2 = await subscription(merchantId, c1, yearly, 'past_due', { createdDaysAgo: 60 });
await subscription(merchantId, c2, fortnightly, 'active', { createdDaysAgo: 10 });
const s4 = await subscription(merchantId, c3, daily, 'active', { createdDaysAgo: 45 });
await subscription(merchantId, c4, monthly, 'trialing', { createdDaysAgo: 5 });
await subscription(merchantId, c5, monthly, 'canceled', { createdDaysAgo: 90, canceledDaysAgo: 10 });
await subscription(merchantId, c5, monthly, 'canceled', { createdDaysAgo: 100, canceledDaysAgo: 40 });
await subscription(merchantId, c5, monthly, 'paused', { createdDaysAgo: 50 });
await subscription(merchantId, c2, monthly, 'incomplete', { createdDaysAgo: 40 });
await subscription(merchantId, c6, monthly, 'unpaid', { createdDaysAgo: 35 });
// Recovery: s2's invoice failed 5 days ago and was paid; s1's failed 3 days ago and is still open;
// s4's failed twice and was paid; an older failure (40 days) and an invoice that never failed do not count.
await periodInvoice(merchantId, s2, 12_000, 'USD', true, [5]);
await periodInvoice(merchantId, s1, 6_000, 'USD', false, [3]);
await periodInvoice(merchantId, s4, 3_000, 'EUR', true, [12, 10]);
await periodInvoice(merchantId, s1, 6_000, 'USD', true, [40]);
await periodInvoice(merchantId, s1, 6_000, 'USD', true, []);
// Live mode, this merchant.
const liveSub = await subscription(
  merchantId,
  await customer(merchantId, 'live'),
  await price(merchantId, 5_000, 'USD', 'month', 1, 'live'),
  'active',
  { createdDaysAgo: 60, mode: 'live' },
);
await periodInvoice(merchantId, liveSub, 5_000, 'USD', true, [2]);
// Another tenant, big enough to show if it leaked in.
const theirs = await subscription(
  otherMerchantId,
  await customer(otherMerchantId),
  await price(otherMerchantId, 99_000, 'USD', 'month'),
  'active',
  { createdDaysAgo: 60 },
);
await subscription(otherMerchantId, await customer(otherMerchantId), monthly, 'canceled', {
  createdDaysAgo: 60,
  canceledDaysAgo: 1,
});
await periodInvoice(otherMerchantId, theirs, 99_000, 'USD', true, [1]);

const USD_MRR = monthlyRecurringRevenue([
  { amount: 3_000, quantity: 2, interval: 'month', intervalCount: 1 },
  { amount: 12_000, quantity: 1, interval: 'year', intervalCount: 1 },
  { amount: 1_200, quantity: 1, interval: 'week', intervalCount: 2 },
]);

const testFigures = {
  mrr: [
    { currency: 'EUR', amount: 3_042 },
    { currency: 'USD', amount: USD_MRR },
  ],
  active_subscribers: 4,
  churn: { window_days: 30, active_at_start: 6, canceled: 1, rate: 0.1667 },
  recovery: {
    window_days: 30,
    failed_invoices: 3,
    recovered_invoices: 2,
    amount_recovered: [
      { currency: 'EUR', amount: 3_000 },
      { currency: 'USD', amount: 12_000 },
    ],
  },
};

async function metrics(session: Parameters<typeof call>[0], query = '?mode=test') {
  const res = await call(session, 'GET', `/subscription/metrics/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

async function apiKey(mode: Mode, scopes: string[]) {
  const res = await call(owner, 'POST', '/developers/api-keys/', { name: `Metrics ${mode}`, mode, scopes });
  expect(res.statusCode, res.body).toBe(201);
  const auth = { authorization: `Bearer ${res.json().result.secret as string}` };
  return (url: string) => t.app.inject({ method: 'GET', url: `/apiv1${url}`, headers: auth });
}

describe('subscription metrics', () => {
  it('counts MRR per currency, subscribers, churn and recovery of the test mode exactly', async () => {
    // 3,000 × 2 + 12,000 ÷ 12 + 1,200 × 52 ÷ 12 ÷ 2 = 6,000 + 1,000 + 2,600; 100 × 365 ÷ 12 = 3,041.67.
    expect(USD_MRR).toBe(9_600);
    expect(await metrics(owner)).toEqual(testFigures);
  });

  it('counts the live mode apart', async () => {
    expect(await metrics(owner, '?mode=live')).toEqual({
      mrr: [{ currency: 'USD', amount: 5_000 }],
      active_subscribers: 1,
      churn: { window_days: 30, active_at_start: 1, canceled: 0, rate: 0 },
      recovery: {
        window_days: 30,
        failed_invoices: 1,
        recovered_invoices: 1,
        amount_recovered: [{ currency: 'USD', amount: 5_000 }],
      },
    });
  });

  it('lets a sub-user with the Invoices app read them, and refuses one without it', async () => {
    expect(await metrics(viewer)).toEqual(testFigures);
    const res = await call(productsOnly, 'GET', '/subscription/metrics/?mode=test');
    expect(res.statusCode).toBe(403);
    expect(envelopeProblem(res)).toBeNull();
    expect((await call(null, 'GET', '/subscription/metrics/')).statusCode).toBe(401);
  });

  it('gives another tenant only its own figures', async () => {
    expect(await metrics(other)).toEqual({
      mrr: [{ currency: 'USD', amount: 99_000 }],
      active_subscribers: 1,
      churn: { window_days: 30, active_at_start: 2, canceled: 1, rate: 0.5 },
      recovery: {
        window_days: 30,
        failed_invoices: 1,
        recovered_invoices: 1,
        amount_recovered: [{ currency: 'USD', amount: 99_000 }],
      },
    });
  });

  it('is empty, with no churn rate, for a merchant without subscriptions', async () => {
    const { owner: fresh } = await signInMerchantTeam(t, { subUserAccess: {}, inactiveHubStatus: 1 });
    expect(await metrics(fresh)).toEqual({
      mrr: [],
      active_subscribers: 0,
      churn: { window_days: 30, active_at_start: 0, canceled: 0, rate: null },
      recovery: { window_days: 30, failed_invoices: 0, recovered_invoices: 0, amount_recovered: [] },
    });
  });

  it('reads an API key’s own mode with subscriptions:read, and refuses a key without it', async () => {
    const testKey = await apiKey('test', ['subscriptions:read']);
    expect((await testKey('/subscription/metrics/')).json().result).toEqual(testFigures);
    const liveKey = await apiKey('live', ['subscriptions:read']);
    const live = await liveKey('/subscription/metrics/?mode=test');
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().result.mrr).toEqual([{ currency: 'USD', amount: 5_000 }]);
    const noScope = await apiKey('test', ['products:read']);
    expect((await noScope('/subscription/metrics/')).statusCode).toBe(403);
  });

  it('answers a bad mode with a 400 that says what to use', async () => {
    const res = await call(owner, 'GET', '/subscription/metrics/?mode=sandbox');
    expect(res.statusCode).toBe(400);
    expect(envelopeProblem(res)).toBeNull();
    expect(JSON.stringify(res.json())).toMatch(/test.*live/);
  });

  it.runIf(isPostgres)(
    'reads each figure through the merchant’s own rows, never a scan of every merchant’s',
    async () => {
      const scope = { merchantId, mode: 'test' as const };
      const statements = [
        mrrQuery(t.ctx.db, scope),
        activeSubscribersQuery(t.ctx.db, scope),
        churnQuery(t.ctx.db, scope, ago(30), now),
        recoveryQuery(t.ctx.db, scope, ago(30)),
      ].map((q) => q.toSQL());
      // drizzle's documented `$client`: the pg pool, to EXPLAIN the very statements the route runs.
      const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      try {
        await client.query('analyze');
        // With sequential scans priced out, a plan still shows one only where no index can serve it.
        await client.query('set enable_seqscan = off');
        for (const statement of statements) {
          const plan = await client.query(`explain ${statement.sql}`, statement.params);
          const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
          expect(text, statement.sql).not.toMatch(/Seq Scan/);
        }
      } finally {
        await client.query('reset enable_seqscan');
        client.release();
      }
    },
  );
});
