import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { expectAllowed, expectRefused, readersOf, startRoleApp } from '../../../test/support/admin-roles.ts';
import { recordAudit } from './audit.service.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

describe('recordAudit', () => {
  it('keeps who, what, which merchant and any amount; system actions have no actor', async () => {
    const merchant = await createMerchant(t.ctx.db);
    await recordAudit(t.ctx.db, {
      actor: { userId: s.admin.user.id, role: 1 },
      merchantId: merchant.id,
      action: 'transaction.refund',
      entityType: 'transaction',
      entityId: 'tx-1',
      amount: 1_250,
      currency: 'USD',
      data: { reason: 'damaged' },
    });
    await recordAudit(t.ctx.db, {
      actor: null,
      merchantId: merchant.id,
      action: 'notification.sent',
      entityType: 'notification',
      entityId: null,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/apiv1/admin/merchant/${merchant.id}/audit/`,
      headers: s.admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json().result;
    expect(results).toHaveLength(2);
    const refund = results.find((e: { action: string }) => e.action === 'transaction.refund');
    expect(refund).toEqual({
      id: expect.any(String),
      action: 'transaction.refund',
      entity_type: 'transaction',
      entity_id: 'tx-1',
      merchant_id: merchant.id,
      actor_user_id: s.admin.user.id,
      actor_role: 1,
      actor_name: `${s.admin.user.first_name} ${s.admin.user.last_name}`,
      actor_email: s.admin.user.email,
      amount: 1_250,
      currency: 'USD',
      data: { reason: 'damaged' },
      created_at: expect.any(String),
    });
    const system = results.find((e: { action: string }) => e.action === 'notification.sent');
    expect(system).toMatchObject({
      actor_user_id: null,
      actor_name: null,
      actor_email: null,
      amount: null,
      data: null,
    });
  });
});

describe('GET /apiv1/admin/merchant/{id}/audit/', () => {
  it('pages the merchant’s history, newest first, and only that merchant’s', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const other = await createMerchant(t.ctx.db);
    const patch = (id: string, status: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/apiv1/admin/merchant/${id}/hub-status/`,
        payload: { hub: 'payment', status },
        headers: s.admin.auth,
      });
    for (const status of [1, 2, 3, 4, 1]) await patch(merchant.id, status);
    await patch(other.id, 2);

    const url = `/apiv1/admin/merchant/${merchant.id}/audit/`;
    const first = (
      await t.app.inject({ method: 'GET', url: `${url}?page_size=2`, headers: s.staffMerchant.auth })
    ).json();
    expect(first.result).toMatchObject({ count: 5, page: 1, page_size: 2 });
    expect(first.result.results.map((e: { data: { to: number } }) => e.data.to)).toEqual([1, 4]);
    const last = (
      await t.app.inject({ method: 'GET', url: `${url}?page_size=2&page=3`, headers: s.admin.auth })
    ).json();
    expect(last.result.results.map((e: { data: { from: number } }) => e.data.from)).toEqual([3]);
    expect(last.result.results.every((e: { merchant_id: string }) => e.merchant_id === merchant.id)).toBe(true);
  });

  it('is readable with view_merchant; unknown merchants are 404, bad paging 400', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const request = { method: 'GET' as const, url: `/apiv1/admin/merchant/${merchant.id}/audit/` };
    const { allowed, refused } = readersOf('staffMerchant');
    await expectAllowed(t, s, request, allowed);
    await expectRefused(t, s, request, refused);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/apiv1/admin/merchant/${crypto.randomUUID()}/audit/`,
      headers: s.admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `${request.url}?page_size=500`, headers: s.admin.auth });
    expect(bad.statusCode).toBe(400);
  });
});
