import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { expectAllowed, expectRefused, NOT_PLATFORM_ADMIN, startRoleApp } from '../../../test/support/admin-roles.ts';
import { providerConnections } from '../../db/schema.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const BASE = '/apiv1/admin/provider-connections/';
const get = (query = '') => t.app.inject({ method: 'GET', url: `${BASE}?${query}`, headers: s.admin.auth });

async function connect(merchantId: string, kind: (typeof providerConnections.$inferInsert)['kind'], provider: string) {
  const [row] = await t.ctx.db
    .insert(providerConnections)
    .values({ merchantId, kind, provider, credentials: { secret: 'sealed-credential-value' } })
    .returning();
  return row!;
}

describe('GET /apiv1/admin/provider-connections/', () => {
  it('lists every live merchant’s connections with merchant name and status, never credentials', async () => {
    const acme = await createMerchant(t.ctx.db, { name: 'Acme Goods' });
    const bolt = await createMerchant(t.ctx.db, { name: 'Bolt Cycles' });
    const gone = await createMerchant(t.ctx.db, { name: 'Gone Ltd', removedAt: new Date() });
    const card = await connect(acme.id, 'payment_service', 'sandbox');
    await connect(acme.id, 'anti_fraud', 'sandbox-fraud');
    await connect(bolt.id, 'gift_card', 'sandbox-gift');
    await connect(gone.id, 'payment_service', 'sandbox');

    const res = await get('sort_by=merchant_name');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('sealed-credential-value');
    expect(res.body).not.toContain('credentials');
    const { result } = res.json();
    expect(result.count).toBe(3);
    expect(result.results.find((r: { id: string }) => r.id === card.id)).toEqual({
      id: card.id,
      merchant_id: acme.id,
      merchant_name: 'Acme Goods',
      kind: 'payment_service',
      provider: 'sandbox',
      enabled: true,
      status: 'unverified',
      last_verified_at: null,
      last_verification_message: null,
      created_at: card.createdAt.toISOString(),
    });
    expect(result.results.map((r: { merchant_name: string }) => r.merchant_name)).toEqual([
      'Acme Goods',
      'Acme Goods',
      'Bolt Cycles',
    ]);

    expect((await get(`merchant_id=${bolt.id}`)).json().result.count).toBe(1);
    expect((await get('kind=anti_fraud')).json().result.results[0].provider).toBe('sandbox-fraud');
    expect((await get('search=bolt')).json().result.count).toBe(1);
    expect((await get('search=gift')).json().result.count).toBe(1);
  });

  it('refuses bad filters with field errors', async () => {
    for (const [query, path] of [
      ['kind=bank', 'kind'],
      ['merchant_id=acme', 'merchant_id'],
      ['sort_by=credentials', 'sort_by'],
    ]) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path })]);
    }
  });

  it('is for platform admins only', async () => {
    await expectAllowed(t, s, { method: 'GET', url: BASE }, ['admin']);
    await expectRefused(t, s, { method: 'GET', url: BASE }, NOT_PLATFORM_ADMIN);
  });
});
