import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import {
  expectAllowed,
  expectRefused,
  NOT_PLATFORM_ADMIN,
  readersOf,
  startRoleApp,
} from '../../../test/support/admin-roles.ts';
import { auditLog } from '../../db/schema.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const list = (query = '', session = s.admin) =>
  t.app.inject({ method: 'GET', url: `/apiv1/catalog/?${query}`, headers: session.auth });
const names = (res: { json: () => { result: { results: { name: string }[] } } }) =>
  res.json().result.results.map((p) => p.name);

describe('GET /apiv1/catalog/', () => {
  it('lists every live merchant’s products with merchant, price and status; filters and searches', async () => {
    const river = await createMerchant(t.ctx.db, { name: 'River Supply' });
    const stone = await createMerchant(t.ctx.db, { name: 'Stone Works' });
    const gone = await createMerchant(t.ctx.db, { name: 'Gone Store', removedAt: new Date() });
    const paddle = await createProduct(t.ctx.db, river.id, { name: 'Paddle', pricePerUnit: 8_900 });
    await createProduct(t.ctx.db, river.id, { name: 'Dry Bag', isActive: false });
    await createProduct(t.ctx.db, river.id, { name: 'Old Canoe', deletedAt: new Date() });
    await createProduct(t.ctx.db, stone.id, { name: 'Chisel', currency: 'EUR' });
    await createProduct(t.ctx.db, gone.id, { name: 'Ghost Item' });

    const all = await list('sort_by=name');
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(['Chisel', 'Dry Bag', 'Paddle']);
    expect(all.json().result.results.find((p: { id: string }) => p.id === paddle.id)).toEqual({
      id: paddle.id,
      name: 'Paddle',
      merchant_id: river.id,
      merchant_name: 'River Supply',
      price_per_unit: 8_900,
      currency: 'USD',
      image: null,
      is_active: true,
      created_at: paddle.createdAt.toISOString(),
    });
    expect(names(await list(`merchant_id=${river.id}&sort_by=-price_per_unit`))).toEqual(['Dry Bag', 'Paddle']);
    expect(names(await list('is_active=false'))).toEqual(['Dry Bag']);
    expect(names(await list('search=stone'))).toEqual(['Chisel']);
    expect(names(await list('search=padd'))).toEqual(['Paddle']);
    expect((await list('page_size=1&sort_by=name&page=2')).json().result).toMatchObject({
      count: 3,
      results: [expect.objectContaining({ name: 'Dry Bag' })],
    });
  });

  it('refuses bad filters with field errors', async () => {
    for (const [query, path] of [
      ['merchant_id=river', 'merchant_id'],
      ['is_active=1', 'is_active'],
      ['sort_by=deleted_at', 'sort_by'],
    ]) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path })]);
    }
  });

  it('is readable with view_catalog only', async () => {
    const { allowed, refused } = readersOf('staffCatalog');
    await expectAllowed(t, s, { method: 'GET', url: '/apiv1/catalog/' }, allowed);
    await expectRefused(t, s, { method: 'GET', url: '/apiv1/catalog/' }, refused);
  });
});

describe('PATCH /apiv1/catalog/{id}/', () => {
  it('deactivates and reactivates a product, each change in the merchant’s audit history', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const product = await createProduct(t.ctx.db, merchant.id, { name: 'Lantern' });
    const set = (is_active: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/apiv1/catalog/${product.id}/`,
        payload: { is_active },
        headers: s.admin.auth,
      });
    const off = await set(false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Lantern is deactivated.',
      result: { id: product.id, is_active: false },
    });
    expect((await set(true)).json().result.is_active).toBe(true);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchant.id), eq(auditLog.entityId, product.id)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(['product.deactivated', 'product.activated']);
  });

  it('answers 404 for unknown or deleted products and 400 for bad input', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const deleted = await createProduct(t.ctx.db, merchant.id, { deletedAt: new Date() });
    for (const id of [crypto.randomUUID(), deleted.id]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/apiv1/catalog/${id}/`,
        payload: { is_active: false },
        headers: s.admin.auth,
      });
      expect(res.statusCode).toBe(404);
    }
    const product = await createProduct(t.ctx.db, merchant.id);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/catalog/${product.id}/`,
      payload: { is_active: 'no' },
      headers: s.admin.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'is_active', message: 'is_active must be true or false' }]);
  });

  it('is for platform admins only, even staff admins with view_catalog', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const product = await createProduct(t.ctx.db, merchant.id);
    await expectRefused(
      t,
      s,
      { method: 'PATCH', url: `/apiv1/catalog/${product.id}/`, payload: { is_active: false } },
      NOT_PLATFORM_ADMIN,
    );
    expect(names(await list(`merchant_id=${merchant.id}&is_active=true`))).toHaveLength(1);
  });
});
