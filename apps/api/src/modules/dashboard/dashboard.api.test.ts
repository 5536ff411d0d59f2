import { APP, ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';

let t: TestApp;
let owner: TestSession;
let staff: TestSession;
let analyst: TestSession; // sub-user with Dashboard view
let clerk: TestSession; // sub-user without Dashboard access
let masterOwner: TestSession;
let subOwner: TestSession;
let masterId: string;
let merchantId: string;
let subId: string;
let p1: string;
let p2: string;
let p3: string;

const at = (iso: string) => new Date(iso);
const RANGE = '/dashboard/summary/?from=2026-03-01&to=2026-03-03';

beforeAll(async () => {
  t = await buildTestApp();
  merchantId = (await createMerchant(t.ctx.db, { defaultCurrency: 'USD' })).id;
  const otherId = (await createMerchant(t.ctx.db)).id;
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId });
  staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId });
  analyst = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId, access: { [APP.DASHBOARD]: [1] } });
  clerk = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId, access: { [APP.PRODUCTS]: [1] } });
  p1 = (await createProduct(t.ctx.db, merchantId, { name: 'Jacket' })).id;
  p2 = (await createProduct(t.ctx.db, merchantId, { name: 'Boots' })).id;
  p3 = (await createProduct(t.ctx.db, merchantId, { name: 'Cap', currency: 'EUR' })).id;
  const tx = (createdAt: string, status: string, amount: number, extra: Record<string, unknown> = {}) =>
    createTransaction(t.ctx.db, merchantId, { createdAt: at(createdAt), status: status as never, amount, ...extra });
  // current period 2026-03-01 … 2026-03-03 (UTC)
  await tx('2026-03-01T10:00:00Z', 'capture_succeeded', 1_000, { productId: p1 });
  await tx('2026-03-01T23:59:59Z', 'partially_refunded', 2_000, { productId: p2, refundedAmount: 500 });
  await tx('2026-03-03T00:00:00Z', 'refunded', 3_000, { productId: p1, refundedAmount: 3_000, method: 'wallet' });
  await tx('2026-03-02T12:00:00Z', 'authorization_failed', 4_000);
  await tx('2026-03-02T12:00:00Z', 'processing', 500);
  await tx('2026-03-03T23:59:59.999Z', 'capture_succeeded', 700, { method: 'gift_card' });
  await tx('2026-03-02T08:00:00Z', 'capture_succeeded', 5_000, { currency: 'EUR', productId: p3 });
  // previous period 2026-02-26 … 2026-02-28
  await tx('2026-02-28T23:59:59Z', 'capture_succeeded', 10_000);
  await tx('2026-02-26T00:00:00Z', 'authorization_failed', 100);
  // outside both periods, and another merchant's
  await tx('2026-03-04T00:00:00Z', 'capture_succeeded', 9_999);
  await tx('2026-02-25T23:59:59Z', 'capture_succeeded', 77_777);
  await createTransaction(t.ctx.db, otherId, { createdAt: at('2026-03-02T00:00:00Z'), amount: 123_456 });

  const master = await createMerchant(t.ctx.db, { defaultCurrency: 'EUR' });
  const sub = await createMerchant(t.ctx.db, { masterMerchantId: master.id, defaultCurrency: 'EUR' });
  masterId = master.id;
  subId = sub.id;
  masterOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: master.id });
  subOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: sub.id });
  await createTransaction(t.ctx.db, master.id, { createdAt: at('2026-03-02T00:00:00Z'), amount: 800, currency: 'EUR' });
  await createTransaction(t.ctx.db, sub.id, { createdAt: at('2026-03-02T00:00:00Z'), amount: 200, currency: 'EUR' });
});
afterAll(() => t.close());

const get = (session: TestSession | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/apiv1${url}`, headers: session?.auth ?? {} });

describe('dashboard summary', () => {
  it('adds up a hand-computed data set, against the previous period, per currency', async () => {
    const res = await get(owner, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json().result;
    expect(summary).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-03',
      previous_from: '2026-02-26',
      previous_to: '2026-02-28',
    });
    expect(summary.currencies.map((c: { currency: string }) => c.currency)).toEqual(['USD', 'EUR']);
    const [usd, eur] = summary.currencies;
    expect(usd.current).toEqual({
      gross_volume: 6_700,
      refunds: 3_500,
      net: 3_200,
      count: 4,
      success_rate: 80,
      average_ticket: 1_675,
    });
    expect(usd.previous).toEqual({
      gross_volume: 10_000,
      refunds: 0,
      net: 10_000,
      count: 1,
      success_rate: 50,
      average_ticket: 10_000,
    });
    expect(usd.series).toEqual([
      { date: '2026-03-01', gross_volume: 3_000, count: 2 },
      { date: '2026-03-02', gross_volume: 0, count: 0 },
      { date: '2026-03-03', gross_volume: 3_700, count: 2 },
    ]);
    const byKey = <T extends Record<string, unknown>>(rows: T[], key: keyof T) =>
      Object.fromEntries(rows.map((r) => [r[key], r]));
    expect(byKey(usd.by_method, 'method')).toEqual({
      card: { method: 'card', count: 2, gross_volume: 3_000 },
      wallet: { method: 'wallet', count: 1, gross_volume: 3_000 },
      gift_card: { method: 'gift_card', count: 1, gross_volume: 700 },
    });
    // The breakdown by method adds up to the headline: captured payments and their volume.
    const sum = (rows: { count: number; gross_volume: number }[], key: 'count' | 'gross_volume') =>
      rows.reduce((total, row) => total + row[key], 0);
    expect([sum(usd.by_method, 'count'), sum(usd.by_method, 'gross_volume')]).toEqual([
      usd.current.count,
      usd.current.gross_volume,
    ]);
    expect(byKey(usd.by_status, 'status')).toEqual({
      capture_succeeded: { status: 'capture_succeeded', count: 2, amount: 1_700 },
      partially_refunded: { status: 'partially_refunded', count: 1, amount: 2_000 },
      refunded: { status: 'refunded', count: 1, amount: 3_000 },
      authorization_failed: { status: 'authorization_failed', count: 1, amount: 4_000 },
      processing: { status: 'processing', count: 1, amount: 500 },
    });
    expect(usd.top_products).toEqual([
      { product_id: p1, name: 'Jacket', count: 2, gross_volume: 4_000 },
      { product_id: p2, name: 'Boots', count: 1, gross_volume: 2_000 },
    ]);
    expect(eur.current).toMatchObject({ gross_volume: 5_000, count: 1, success_rate: 100 });
    expect(eur.previous).toEqual({
      gross_volume: 0,
      refunds: 0,
      net: 0,
      count: 0,
      success_rate: null,
      average_ticket: 0,
    });
    expect(eur.top_products).toEqual([{ product_id: p3, name: 'Cap', count: 1, gross_volume: 5_000 }]);
  });

  it('follows later changes: a payment that settles, a refund, a deleted row (rollups kept by triggers)', async () => {
    const before = (await get(owner, RANGE)).json().result.currencies[0].current;
    const db = t.ctx.database;
    // processing → captured; a captured 1 000 refunded in part
    await db.query(
      `update transactions set status = 'capture_succeeded', captured_amount = amount where status = 'processing' and amount = 500`,
    );
    await db.query(
      `update transactions set status = 'partially_refunded', refunded_amount = 400 where product_id = $1 and amount = 1000`,
      [p1],
    );
    const after = (await get(owner, RANGE)).json().result.currencies[0];
    expect(after.current).toEqual({
      gross_volume: before.gross_volume + 500,
      refunds: before.refunds + 400,
      net: before.net + 100,
      count: before.count + 1,
      success_rate: 83.33,
      average_ticket: Math.round((before.gross_volume + 500) / (before.count + 1)),
    });
    expect(after.top_products[0]).toEqual({ product_id: p1, name: 'Jacket', count: 2, gross_volume: 4_000 });
    await db.query(
      `delete from transaction_events where transaction_id in (select id from transactions where amount = 500)`,
    );
    await db.query(`delete from transactions where amount = 500`);
    expect((await get(owner, RANGE)).json().result.currencies[0].current.gross_volume).toBe(before.gross_volume);
    // put the data set back as it was for the other tests
    await createTransaction(t.ctx.db, merchantId, {
      createdAt: at('2026-03-02T12:00:00Z'),
      status: 'processing',
      amount: 500,
    });
    await db.query(
      `update transactions set status = 'capture_succeeded', refunded_amount = 0 where product_id = $1 and amount = 1000`,
      [p1],
    );
    expect((await get(owner, RANGE)).json().result.currencies[0].current).toEqual(before);
  });

  it('spreads one merchant-day over rollup shards that add up exactly, also when 24 payments settle at once', async () => {
    const shop = (await createMerchant(t.ctx.db, { defaultCurrency: 'USD' })).id;
    const shopOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: shop });
    const product = (await createProduct(t.ctx.db, shop, { name: 'Mug' })).id;
    const day = '/dashboard/summary/?from=2026-04-01&to=2026-04-01';
    const payments = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createTransaction(t.ctx.db, shop, {
          createdAt: at('2026-04-01T12:00:00Z'),
          status: 'processing',
          amount: 100 + i,
          productId: product,
        }),
      ),
    );
    const db = t.ctx.database;
    // Each settles in its own statement, all at once (truly parallel on PostgreSQL).
    await Promise.all(
      payments.map((p) =>
        db.query(`update transactions set status = 'capture_succeeded', captured_amount = amount where id = $1`, [
          p.id,
        ]),
      ),
    );
    const gross = payments.reduce((sum, p) => sum + p.amount, 0);
    const summary = (await get(shopOwner, day)).json().result.currencies[0];
    expect(summary.current).toMatchObject({ gross_volume: gross, count: 24 });
    expect(summary.top_products).toEqual([{ product_id: product, name: 'Mug', count: 24, gross_volume: gross }]);

    // Each payment is counted in the shard its id picks, so its refund later takes from that row.
    const perShard = await db.query<{ shard: number; count: number; expected: number }>(
      `select r.shard, r.count, (select count(*)::int from transactions x
                                  where x.merchant_id = r.merchant_id and kassa_totals_shard(x.id) = r.shard) as expected
         from transaction_daily_totals r
        where r.merchant_id = $1 and r.status = 'capture_succeeded'`,
      [shop],
    );
    expect(perShard.length).toBeGreaterThan(1);
    expect(perShard.every((r) => r.count === r.expected && r.shard >= 0 && r.shard < 8)).toBe(true);
    await Promise.all(
      payments.map((p) =>
        db.query(`update transactions set status = 'refunded', refunded_amount = amount where id = $1`, [p.id]),
      ),
    );
    const counts = await db.query<{ status: string; count: number; negative: number }>(
      `select status, sum(count)::int as count, count(*) filter (where count < 0)::int as negative
         from transaction_daily_totals where merchant_id = $1 group by status order by status`,
      [shop],
    );
    expect(counts).toEqual([
      { status: 'capture_succeeded', count: 0, negative: 0 },
      { status: 'refunded', count: 24, negative: 0 },
    ]);
    expect((await get(shopOwner, day)).json().result.currencies[0].current).toMatchObject({
      gross_volume: gross,
      refunds: gross,
      net: 0,
      count: 24,
    });
  });

  it('never adds live money to test money: each mode has its own totals', async () => {
    const live = await createTransaction(t.ctx.db, merchantId, {
      createdAt: at('2026-03-02T09:00:00Z'),
      amount: 250_000,
      mode: 'live',
      productId: p2,
    });
    const usd = (url: string) =>
      get(owner, url).then((r) => r.json().result.currencies.find((c: { currency: string }) => c.currency === 'USD'));
    const test = await usd(`${RANGE}&mode=test`);
    const liveOnly = await usd(`${RANGE}&mode=live`);
    expect(test.current.gross_volume).toBe((await usd(RANGE)).current.gross_volume);
    expect(test.current.gross_volume).not.toBeGreaterThanOrEqual(250_000);
    expect(liveOnly.current).toMatchObject({ gross_volume: 250_000, count: 1 });
    const list = await t.app.inject({
      method: 'POST',
      url: '/apiv1/transaction/transaction-details/',
      headers: owner.auth,
      payload: { mode: 'live' },
    });
    expect(list.json().result.results.map((r: { id: string; mode: string }) => [r.id, r.mode])).toEqual([
      [live.id, 'live'],
    ]);
    expect((await get(owner, `${RANGE}&mode=both`)).statusCode).toBe(400);
  });

  it('zero-fills a range without payments and shows the default currency', async () => {
    const summary = (await get(staff, '/dashboard/summary/?from=2025-01-01&to=2025-01-07')).json().result;
    expect(summary.currencies).toHaveLength(1);
    expect(summary.currencies[0].currency).toBe('USD');
    expect(summary.currencies[0].series).toHaveLength(7);
    expect(summary.currencies[0].series.every((d: { gross_volume: number }) => d.gross_volume === 0)).toBe(true);
    expect(summary.currencies[0].current.success_rate).toBeNull();
  });

  it('defaults to the last 30 days up to today', async () => {
    const summary = (await get(owner, '/dashboard/summary/')).json().result;
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(summary.to).toBe(today);
    expect(summary.currencies[0].series).toHaveLength(30);
    expect(summary.currencies[0].series.at(-1).date).toBe(today);
  });

  it('answers invalid ranges with 400 and field errors', async () => {
    for (const [query, path] of [
      ['from=2026-03-05&to=2026-03-01', 'from'],
      ['from=2024-01-01&to=2026-01-01', 'from'],
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['merchant_id=nope', 'merchant_id'],
    ]) {
      const res = await get(owner, `/dashboard/summary/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('needs Dashboard view access', async () => {
    expect((await get(analyst, RANGE)).statusCode).toBe(200);
    expect((await get(clerk, RANGE)).statusCode).toBe(403);
    expect((await get(null, RANGE)).statusCode).toBe(401);
  });

  it('lets a master merchant read a sub-merchant or everything; a sub-merchant only itself', async () => {
    const own = (await get(masterOwner, RANGE)).json().result.currencies[0];
    expect(own).toMatchObject({ currency: 'EUR', current: { gross_volume: 800 } });
    const sub = (await get(masterOwner, `${RANGE}&merchant_id=${subId}`)).json().result;
    expect(sub.merchant_ids).toEqual([subId]);
    expect(sub.currencies[0].current.gross_volume).toBe(200);
    const all = (await get(masterOwner, `${RANGE}&merchant_id=all`)).json().result;
    expect(all.currencies[0].current.gross_volume).toBe(1_000);
    expect((await get(subOwner, `${RANGE}&merchant_id=${masterId}`)).statusCode).toBe(404);
    expect((await get(subOwner, `${RANGE}&merchant_id=all`)).json().result.merchant_ids).toEqual([subId]);
    expect((await get(owner, `${RANGE}&merchant_id=${subId}`)).statusCode).toBe(404);
  });
});
