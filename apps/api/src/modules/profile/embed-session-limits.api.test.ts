// An embed session acts for the owner inside a parent site: it may use its segments, never change
// the account itself.
import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser, TEST_PASSWORD } from '../../../test/factories/users.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startSession } from '../auth/session.service.ts';

let t: TestApp;
let embedAuth: { authorization: string };
let fullAuth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  const merchant = await createMerchant(t.ctx.db);
  const owner = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  const base = { userId: owner.id, role: owner.role, merchantId: merchant.id };
  embedAuth = { authorization: `Bearer ${(await startSession(t.ctx, { ...base, segments: ['PR'] })).access}` };
  fullAuth = { authorization: `Bearer ${(await startSession(t.ctx, base)).access}` };
});
afterAll(() => t.close());

describe('account settings from an embed session', () => {
  const calls = [
    { method: 'PATCH' as const, url: '/apiv1/auth/profile/', payload: { first_name: 'Mallory' } },
    { method: 'PATCH' as const, url: '/apiv1/auth/merchant-profile/', payload: { name: 'Taken Over Ltd' } },
    {
      method: 'POST' as const,
      url: '/apiv1/auth/change-password/',
      payload: { old_password: TEST_PASSWORD, new_password: 'An0ther-long-passphrase' },
    },
  ];

  it.each(calls)('refuses $method $url with 403', async (call) => {
    const res = await t.app.inject({ ...call, headers: embedAuth });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Open Kassa directly to change account settings.');
  });

  it('still lets the same owner change them in a normal session', async () => {
    const res = await t.app.inject({ ...calls[0]!, headers: fullAuth });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.first_name).toBe('Mallory');
  });

  it('still lets the embed session read the profile', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: embedAuth })).statusCode).toBe(
      200,
    );
  });
});
