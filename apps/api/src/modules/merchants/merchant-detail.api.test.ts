import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { createUser } from '../../../test/factories/users.ts';
import { expectAllowed, expectRefused, readersOf, startRoleApp } from '../../../test/support/admin-roles.ts';
import { industryTypes, providerConnections, transactions } from '../../db/schema.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const detail = (id: string, session = s.admin) =>
  t.app.inject({ method: 'GET', url: `/apiv1/admin/merchant/${id}/`, headers: session.auth });

describe('GET /apiv1/admin/merchant/{id}/', () => {
  it('shows profile, users, providers without credentials, sub-merchants, transactions and history', async () => {
    const db = t.ctx.db;
    const [industry] = await db.insert(industryTypes).values({ name: 'Detail Industry' }).returning();
    const merchant = await createMerchant(db, {
      name: 'Detail Co',
      industryTypeId: industry!.id,
      phone: '+14155552671',
    });
    const owner = await createUser(db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id, firstName: 'Owen' });
    await createUser(db, { role: ROLE.MERCHANT_SUB_USER, merchantId: merchant.id, password: null });
    await db.insert(providerConnections).values({
      merchantId: merchant.id,
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { api_key: 'ciphertext-that-must-not-leak' },
      status: 'verified',
      lastVerifiedAt: new Date('2026-01-02T03:04:05Z'),
    });
    const sub = await createMerchant(db, { name: 'Detail Sub', masterMerchantId: merchant.id });
    for (let i = 0; i < 12; i++) await createTransaction(db, merchant.id, { amount: 100 + i });
    await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/admin/merchant/${merchant.id}/hub-status/`,
      payload: { hub: 'finance', status: 2, note: 'Documents received' },
      headers: s.admin.auth,
    });

    const res = await detail(merchant.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('ciphertext-that-must-not-leak');
    expect(res.body).not.toContain('password');
    const d = res.json().result;
    expect(d.merchant).toMatchObject({
      id: merchant.id,
      name: 'Detail Co',
      phone: '+14155552671',
      industry_type_name: 'Detail Industry',
      finance_hub_status: 2,
      sub_merchant_count: 1,
    });
    expect(d.users).toHaveLength(2);
    expect(d.users[0]).toMatchObject({ id: owner.id, role: 2, first_name: 'Owen', invitation_pending: false });
    expect(d.users[1]).toMatchObject({ role: 3, invitation_pending: true });
    expect(d.provider_connections).toEqual([
      {
        id: expect.any(String),
        kind: 'payment_service',
        provider: 'sandbox',
        enabled: true,
        status: 'verified',
        last_verified_at: '2026-01-02T03:04:05.000Z',
      },
    ]);
    expect(d.sub_merchants).toEqual([expect.objectContaining({ id: sub.id, name: 'Detail Sub' })]);
    expect(d.recent_transactions).toHaveLength(10);
    expect(d.recent_transactions[0]).toEqual({
      id: expect.any(String),
      amount: expect.any(Number),
      currency: 'USD',
      status: 'capture_succeeded',
      method: 'card',
      created_at: expect.any(String),
    });
    expect(d.audit).toEqual([
      expect.objectContaining({
        action: 'merchant.hub_status_changed',
        actor_user_id: s.admin.user.id,
        actor_email: s.admin.user.email,
        data: { hub: 'finance', from: 3, to: 2, note: 'Documents received' },
      }),
    ]);
  });

  it('hides recent transactions from a staff admin without view_transactions', async () => {
    const merchant = await createMerchant(t.ctx.db);
    await createTransaction(t.ctx.db, merchant.id);
    expect((await detail(merchant.id, s.staffMerchant)).json().result.recent_transactions).toBeNull();
    expect((await detail(merchant.id, s.staffAll)).json().result.recent_transactions).toHaveLength(1);
  });

  it('is readable with view_merchant only; unknown ids are 404, malformed ones 400', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const { allowed, refused } = readersOf('staffMerchant');
    const request = { method: 'GET' as const, url: `/apiv1/admin/merchant/${merchant.id}/` };
    await expectAllowed(t, s, request, allowed);
    await expectRefused(t, s, request, refused);
    expect((await detail(crypto.randomUUID())).statusCode).toBe(404);
    const bad = await detail('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'id', message: 'Not a valid id' }]);
  });
});

describe('GET /apiv1/admin/merchant/{id}/ of a removed merchant', () => {
  it('stays readable, with removed_at, so its history is not lost', async () => {
    const merchant = await createMerchant(t.ctx.db, { removedAt: new Date('2026-02-03T00:00:00Z') });
    const res = await detail(merchant.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.merchant.removed_at).toBe('2026-02-03T00:00:00.000Z');
  });
});

describe('transactions survive blocking and removal', () => {
  it('keeps every transaction row and amount as it was', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const tx = await createTransaction(t.ctx.db, merchant.id, { amount: 4_321 });
    const patch = (url: string, payload?: object) =>
      t.app.inject({ method: 'PATCH', url: `/apiv1/admin/merchant/${url}`, payload, headers: s.admin.auth });
    expect((await patch(`${merchant.id}/`, { is_blocked: true })).statusCode).toBe(200);
    expect((await patch(`remove-merchant/${merchant.id}/`)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row).toMatchObject({ merchantId: merchant.id, amount: 4_321, status: 'capture_succeeded' });
    expect(row!.updatedAt).toEqual(tx.updatedAt);
  });
});
