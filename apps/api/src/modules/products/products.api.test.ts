import { APP, ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';

const valid = {
  name: 'Trail Jacket',
  description: 'Waterproof',
  price_per_unit: 12_900,
  currency: 'usd',
  message_type: 1,
  message: 'Thanks!',
  comment: '<p>Ships in <b>2 days</b><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
};

const t = await buildTestApp();
afterAll(() => t.close());
const {
  otherMerchantId,
  owner,
  staff,
  subUser: clerk, // Products: view only
  inactiveHub,
} = await signInMerchantTeam(t, { subUserAccess: { [APP.PRODUCTS]: [1] }, inactiveHubStatus: 1 });
const other = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: otherMerchantId });
const otherProductId = (await createProduct(t.ctx.db, otherMerchantId)).id;
const call = apiCaller(t);

describe('products', () => {
  it('lets the owner create a product with a sanitised comment and a checkout link', async () => {
    const res = await call(owner, 'POST', '/product/', valid);
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().result;
    expect(product).toMatchObject({ name: 'Trail Jacket', price_per_unit: 12_900, currency: 'USD', is_active: true });
    expect(product.checkout_url).toBe(`http://kassa.test/checkout/${product.id}`);
    expect(product.comment).toContain('<b>2 days</b>');
    expect(product.comment).not.toContain('script');
    expect(product.comment).not.toContain('javascript:');
  });

  it('lets staff create, edit and delete', async () => {
    const created = await call(staff, 'POST', '/product/', { ...valid, name: 'Staff item' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().result.id;
    const patched = await call(staff, 'PATCH', `/product/${id}/`, { price_per_unit: 500, is_active: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().result).toMatchObject({ price_per_unit: 500, is_active: false, name: 'Staff item' });
    const deleted = await call(staff, 'DELETE', `/product/${id}/`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(staff, 'GET', `/product/${id}/`)).statusCode).toBe(404);
  });

  it('lists with search and pagination', async () => {
    await call(owner, 'POST', '/product/', { ...valid, name: 'Alpha 100% wool' });
    await call(owner, 'POST', '/product/', { ...valid, name: 'Beta socks' });
    const all = await call(owner, 'GET', '/product/?page_size=1&page=1&sort_by=name');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().result).toMatchObject({ page: 1, page_size: 1 });
    expect(all.json().result.count).toBeGreaterThanOrEqual(3);
    expect(all.json().result.results[0].name).toBe('Alpha 100% wool');
    const search = await call(owner, 'GET', '/product/?search=100%25');
    expect(search.json().result.results.map((p: { name: string }) => p.name)).toEqual(['Alpha 100% wool']);
    expect((await call(owner, 'GET', '/product/?page_size=101')).statusCode).toBe(400);
  });

  it('limits a clerk to its access codes', async () => {
    expect((await call(clerk, 'GET', '/product/')).statusCode).toBe(200);
    const created = await call(clerk, 'POST', '/product/', valid);
    expect(created.statusCode).toBe(403);
    const mine = (await call(owner, 'GET', '/product/')).json().result.results[0].id;
    expect((await call(clerk, 'PATCH', `/product/${mine}/`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(clerk, 'DELETE', `/product/${mine}/`)).statusCode).toBe(403);
  });

  it("answers another merchant's product with 404", async () => {
    expect((await call(owner, 'GET', `/product/${otherProductId}/`)).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', `/product/${otherProductId}/`, { name: 'mine now' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/product/${otherProductId}/`)).statusCode).toBe(404);
    const list = (await call(owner, 'GET', '/product/?page_size=100')).json().result.results;
    expect(list.some((p: { id: string }) => p.id === otherProductId)).toBe(false);
    // and the other merchant still has it
    expect((await call(other, 'GET', `/product/${otherProductId}/`)).statusCode).toBe(200);
  });

  it('refuses anonymous callers and merchants whose Payment Hub is not active', async () => {
    expect((await call(null, 'GET', '/product/')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/product/', valid)).statusCode).toBe(401);
    expect((await call(inactiveHub, 'GET', '/product/')).statusCode).toBe(403);
  });

  it('answers invalid input with 400 and field errors', async () => {
    const cases: [object, string][] = [
      [{ ...valid, currency: 'XYZ' }, 'currency'],
      [{ ...valid, price_per_unit: -1 }, 'price_per_unit'],
      [{ ...valid, price_per_unit: 1.5 }, 'price_per_unit'],
      [{ ...valid, message_type: 2, message: 'http://example.com/thanks' }, 'message'],
      [{ ...valid, message_type: 3 }, 'message_type'],
      [{ ...valid, image: 'https://evil.example/pixel.png' }, 'image'],
      [{ ...valid, name: '' }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await call(owner, 'POST', '/product/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('accepts redirect URLs over https or to localhost, also when only the type changes', async () => {
    const https = await call(owner, 'POST', '/product/', {
      ...valid,
      message_type: 2,
      message: 'https://shop.example/ok',
    });
    expect(https.statusCode, https.body).toBe(201);
    const local = await call(owner, 'POST', '/product/', {
      ...valid,
      message_type: 2,
      message: 'http://localhost:5173/ok',
    });
    expect(local.statusCode, local.body).toBe(201);
    const id = (await call(owner, 'POST', '/product/', valid)).json().result.id;
    const switched = await call(owner, 'PATCH', `/product/${id}/`, { message_type: 2 });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().errors[0].path).toBe('message');
  });

  it('lets a master merchant read, but not change, its sub-merchant products; never the reverse', async () => {
    const master = await createMerchant(t.ctx.db);
    const sub = await createMerchant(t.ctx.db, { masterMerchantId: master.id });
    const masterOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: master.id });
    const subOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: sub.id });
    const subProduct = await createProduct(t.ctx.db, sub.id, { name: 'Sub item' });
    const masterProduct = await createProduct(t.ctx.db, master.id, { name: 'Master item' });

    const list = await call(masterOwner, 'GET', `/product/?merchant_id=${sub.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.results.map((p: { name: string }) => p.name)).toEqual(['Sub item']);
    expect((await call(masterOwner, 'GET', `/product/${subProduct.id}/?merchant_id=${sub.id}`)).statusCode).toBe(200);
    expect((await call(masterOwner, 'PATCH', `/product/${subProduct.id}/`, { name: 'x' })).statusCode).toBe(404);

    expect((await call(subOwner, 'GET', `/product/?merchant_id=${master.id}`)).statusCode).toBe(404);
    expect((await call(subOwner, 'GET', `/product/${masterProduct.id}/?merchant_id=${master.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'GET', `/product/?merchant_id=${sub.id}`)).statusCode).toBe(404);
  });
});
