// docs/ARCHITECTURE.md#scaling-out: a product, payment-link or business-profile edit reaches the checkout
// page of every process at once — directly in the one process PGlite allows, through LISTEN/NOTIFY on
// PostgreSQL, where a second app with its own pool and caches stands in for a second process.
import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../test/factories/merchants.ts';
import { createProduct, createQuickPayment } from '../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { buildPeerApp, type PeerApp } from '../../test/peer-app.ts';
import { createSignedInUser, type TestSession } from '../../test/session.ts';
import { detailsCacheOf } from './details-cache.ts';

const ON_POSTGRES = process.env.KASSA_TEST_DB === 'postgres';

let t: TestApp;
let owner: TestSession;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  merchantId = (await createMerchant(t.ctx.db)).id;
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId });
});
afterAll(() => t.close());

type App = TestApp['app'];
const details = async (app: App, path: string) => {
  const res = await app.inject({ method: 'GET', url: `/apiv1${path}` });
  return { status: res.statusCode, result: res.statusCode === 200 ? res.json().result : null };
};
const edit = async (path: string, payload: object) => {
  const res = await t.app.inject({ method: 'PATCH', url: `/apiv1${path}`, headers: owner.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
};

/** Polls every 20 ms for at most a second: the NOTIFY round trip, never a cache lifetime. */
async function within1s<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 1_000;
  let value = await read();
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

describe.skipIf(ON_POSTGRES)('one process on PGlite', () => {
  it('shows an edited price on the next checkout page view', async () => {
    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 1_000 });
    const path = `/product/checkout-details/${product.id}/`;
    expect((await details(t.app, path)).result.price_per_unit).toBe(1_000);
    await edit(`/product/${product.id}/`, { price_per_unit: 1_250 });
    expect((await details(t.app, path)).result.price_per_unit).toBe(1_250);
  });
});

describe.skipIf(!ON_POSTGRES)('two processes on one PostgreSQL database', () => {
  let peer: PeerApp;
  beforeAll(async () => {
    peer = await buildPeerApp(t);
  });
  afterAll(() => peer?.close());

  it('caches on the other process, and an edit on one reaches its checkout page within the notify round trip', async () => {
    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 1_000 });
    const path = `/product/checkout-details/${product.id}/`;
    expect((await details(peer.app, path)).result.price_per_unit).toBe(1_000);
    // A change written behind Kassa's back announces nothing: the peer keeps serving what it cached,
    // so what follows proves the notification, not a cache that was never used.
    await t.ctx.database.query('update products set name = $1 where id = $2', ['Renamed quietly', product.id]);
    expect((await details(peer.app, path)).result.name).not.toBe('Renamed quietly');

    for (const price of [1_250, 1_500, 990]) {
      await edit(`/product/${product.id}/`, { price_per_unit: price });
      const seen = await within1s(
        () => details(peer.app, path),
        (d) => d.result?.price_per_unit === price,
      );
      expect(seen.result.price_per_unit).toBe(price);
    }
  });

  it('drops a deleted product, an edited payment link and a renamed business on the other process', async () => {
    const product = await createProduct(t.ctx.db, merchantId);
    const link = await createQuickPayment(t.ctx.db, merchantId, { amount: 4_200, currency: 'EUR' });
    const productPath = `/product/checkout-details/${product.id}/`;
    const linkPath = `/quick-payment/checkout-details/${link.id}/`;
    expect((await details(peer.app, productPath)).status).toBe(200);
    expect((await details(peer.app, linkPath)).result.amount).toBe(4_200);

    await edit('/auth/merchant-profile/', { name: 'Harbor Goods' });
    const renamed = await within1s(
      () => details(peer.app, linkPath),
      (d) => d.result?.merchant_data.name === 'Harbor Goods',
    );
    expect(renamed.result.merchant_data.name).toBe('Harbor Goods');

    await edit(`/quick-payment/${link.id}/`, { amount: 5_000 });
    expect(
      (
        await within1s(
          () => details(peer.app, linkPath),
          (d) => d.result?.amount === 5_000,
        )
      ).result.amount,
    ).toBe(5_000);

    const del = await t.app.inject({ method: 'DELETE', url: `/apiv1/product/${product.id}/`, headers: owner.auth });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(
      (
        await within1s(
          () => details(peer.app, productPath),
          (d) => d.status === 404,
        )
      ).status,
    ).toBe(404);
  });

  it("shows a platform admin's rename of the merchant on the other process", async () => {
    const link = await createQuickPayment(t.ctx.db, merchantId, { amount: 1_200, currency: 'EUR' });
    const path = `/quick-payment/checkout-details/${link.id}/`;
    expect((await details(peer.app, path)).status).toBe(200);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/admin/merchant/${merchantId}/`,
      headers: admin.auth,
      payload: { name: 'Harbor Goods & Co' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await within1s(
      () => details(peer.app, path),
      (d) => d.result?.merchant_data.name === 'Harbor Goods & Co',
    );
    expect(seen.result.merchant_data.name).toBe('Harbor Goods & Co');
  });

  it('stops caching while its listening connection is gone, and listens again by itself', async () => {
    const cache = detailsCacheOf(peer.ctx.database);
    expect(cache.isOn).toBe(true);
    const killed = await t.ctx.database.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as pid from pg_stat_activity
        where datname = current_database() and query = 'listen kassa_cache' and pid <> pg_backend_pid()`,
    );
    expect(killed.length).toBe(2); // one per process
    await within1s(
      async () => cache.isOn,
      (on) => !on,
    );
    // Reconnected after its first backoff (100 ms), the cache emptied: nothing heard meanwhile is trusted.
    await within1s(
      async () => cache.isOn,
      (on) => on,
    );
    expect(cache.isOn).toBe(true);

    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 700 });
    const path = `/product/checkout-details/${product.id}/`;
    expect((await details(peer.app, path)).result.price_per_unit).toBe(700);
    await edit(`/product/${product.id}/`, { price_per_unit: 800 });
    expect(
      (
        await within1s(
          () => details(peer.app, path),
          (d) => d.result?.price_per_unit === 800,
        )
      ).result.price_per_unit,
    ).toBe(800);
  });
});
