import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../test/factories/merchants.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../test/session.ts';

let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  const merchant = await createMerchant(t.ctx.db, { name: 'Acme Outfitters' });
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
});
afterAll(() => t.close());

const createProduct = (json: string) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/product/',
    headers: { ...owner.auth, 'content-type': 'application/json' },
    payload: json,
  });

describe('text that cannot be stored', () => {
  it('refuses a NUL byte in a body field with 400, the field named', async () => {
    const res = await createProduct('{"name":"Lamp\\u0000","price_per_unit":100,"currency":"USD"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      code: 'invalid_input',
      message: 'Name: Text cannot contain the NUL control character',
      errors: [{ path: 'name', message: 'Text cannot contain the NUL control character' }],
    });
  });

  it('refuses half a surrogate pair in a body field', async () => {
    const res = await createProduct('{"name":"Lamp \\ud83d","price_per_unit":100,"currency":"USD"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name: Text cannot contain a broken Unicode character');
  });

  it('refuses a NUL byte in the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/product/?search=a%00b', headers: owner.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search: Text cannot contain the NUL control character');
  });

  // A URL carries UTF-8 only: the would-be bytes of a lone surrogate do not decode and stay as typed.
  it('searches for an undecodable escape in the query as the text typed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/product/?search=a%ED%A0%80b', headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.count).toBe(0);
  });

  it('still stores emoji, right-to-left and zero-width text', async () => {
    const name = '💳 مرحبا \u202Egnp\u200B lamp';
    const res = await createProduct(JSON.stringify({ name, price_per_unit: 100, currency: 'USD' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.name).toBe(name);
  });
});
