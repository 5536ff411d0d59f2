import { ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { expectRefused, NOT_PLATFORM_ADMIN, startRoleApp } from '../../../test/support/admin-roles.ts';
import { auditLog, industryTypes } from '../../db/schema.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';
import { startSession } from '../auth/session.service.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const admin = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv1/admin/merchant/${url}`, payload, headers: s.admin.auth });
const actions = (merchantId: string) =>
  t.ctx.db
    .select({ action: auditLog.action, data: auditLog.data, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(eq(auditLog.merchantId, merchantId))
    .orderBy(auditLog.createdAt);

describe('PATCH /apiv1/admin/merchant/{id}/', () => {
  it('edits the profile, stores the phone as E.164 and records what changed', async () => {
    const [industry] = await t.ctx.db.insert(industryTypes).values({ name: 'Patch Industry' }).returning();
    const merchant = await createMerchant(t.ctx.db, { name: 'Old Name', country: 'GB' });
    const res = await admin('PATCH', `${merchant.id}/`, {
      name: 'New Name',
      phone: '020 7946 0958',
      city: 'London',
      industry_type_id: industry!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Merchant saved.',
      result: { name: 'New Name', phone: '+442079460958', city: 'London', industry_type_name: 'Patch Industry' },
    });
    expect(await actions(merchant.id)).toEqual([
      {
        action: 'merchant.updated',
        actor: s.admin.user.id,
        data: {
          changes: {
            name: { from: 'Old Name', to: 'New Name' },
            phone: { from: null, to: '+442079460958' },
            city: { from: '', to: 'London' },
            industry_type_id: { from: null, to: industry!.id },
          },
        },
      },
    ]);
  });

  it('blocks and unblocks: the merchant’s users are refused while blocked', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id, password: null });
    const { access } = await startSession(t.ctx, { userId: owner.id, role: 2, merchantId: merchant.id });
    const profile = () =>
      t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: { authorization: `Bearer ${access}` } });
    expect((await profile()).statusCode).toBe(200);

    const blocked = await admin('PATCH', `${merchant.id}/`, { is_blocked: true });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ result: { is_blocked: true }, message: `${merchant.name} is blocked.` });
    const refused = await profile();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(BLOCKED_MERCHANT_MESSAGE);

    expect((await admin('PATCH', `${merchant.id}/`, { is_blocked: false })).json().result.is_blocked).toBe(false);
    expect((await profile()).statusCode).toBe(200);
    expect((await actions(merchant.id)).map((a) => a.action)).toEqual(['merchant.blocked', 'merchant.unblocked']);
  });

  it('refuses invalid edits with field errors and unknown merchants with 404', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const cases: [object, string][] = [
      [{ phone: '12' }, 'phone'],
      [{ industry_type_id: crypto.randomUUID() }, 'industry_type_id'],
      [{ is_blocked: 'yes' }, 'is_blocked'],
      [{ email: 'nope' }, 'email'],
      [{}, 'body'],
    ];
    for (const [payload, path] of cases) {
      const res = await admin('PATCH', `${merchant.id}/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path })]);
    }
    expect((await admin('PATCH', `${crypto.randomUUID()}/`, { is_blocked: true })).statusCode).toBe(404);
    expect(await actions(merchant.id)).toEqual([]);
  });
});

describe('PATCH /apiv1/admin/merchant/{id}/hub-status/', () => {
  it('changes one hub’s status and keeps the history with from and to', async () => {
    const merchant = await createMerchant(t.ctx.db, { paymentHubStatus: 1 });
    const res = await admin('PATCH', `${merchant.id}/hub-status/`, { hub: 'payment', status: 3, note: 'KYC passed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: { payment_hub_status: 3, finance_hub_status: 3 },
      message: 'Payment Hub: Pending → Active.',
    });
    await admin('PATCH', `${merchant.id}/hub-status/`, { hub: 'payment', status: 4 });
    const unchanged = await admin('PATCH', `${merchant.id}/hub-status/`, { hub: 'payment', status: 4 });
    expect(unchanged.json().message).toBe('The Payment Hub is already Suspended.');
    expect((await actions(merchant.id)).map((a) => a.data)).toEqual([
      { hub: 'payment', from: 1, to: 3, note: 'KYC passed' },
      { hub: 'payment', from: 3, to: 4 },
    ]);
  });

  it('refuses an unknown hub or status, and answers 404 for an unknown merchant', async () => {
    const merchant = await createMerchant(t.ctx.db);
    for (const [payload, path] of [
      [{ hub: 'loans', status: 3 }, 'hub'],
      [{ hub: 'payment', status: 5 }, 'status'],
      [{ hub: 'finance' }, 'status'],
    ] as const) {
      const res = await admin('PATCH', `${merchant.id}/hub-status/`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path })]);
    }
    const unknown = await admin('PATCH', `${crypto.randomUUID()}/hub-status/`, { hub: 'payment', status: 3 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH /apiv1/admin/merchant/remove-merchant/{id}/', () => {
  it('refuses a master with live sub-merchants, then removes softly', async () => {
    const master = await createMerchant(t.ctx.db, { name: 'Removal Master' });
    const sub = await createMerchant(t.ctx.db, { masterMerchantId: master.id });
    const refused = await admin('PATCH', `remove-merchant/${master.id}/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Removal Master still has 1 sub-merchant. Remove them first.');

    expect((await admin('PATCH', `remove-merchant/${sub.id}/`)).statusCode).toBe(200);
    const removed = await admin('PATCH', `remove-merchant/${master.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'Merchant removed.', result: { removed_at: expect.any(String) } });

    const list = await t.app.inject({
      method: 'GET',
      url: '/apiv1/admin/merchant/?search=removal',
      headers: s.admin.auth,
    });
    expect(list.json().result.count).toBe(0);
    const again = await admin('PATCH', `remove-merchant/${master.id}/`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Removal Master has been removed and can no longer be changed.');
    expect((await admin('PATCH', `${master.id}/`, { is_blocked: true })).statusCode).toBe(422);
    expect((await actions(master.id)).map((a) => a.action)).toEqual(['merchant.removed']);
    expect((await admin('PATCH', `remove-merchant/${crypto.randomUUID()}/`)).statusCode).toBe(404);
  });
});

describe('POST /apiv1/admin/merchant/{id}/allow-connections/', () => {
  it('allows connections without a body and takes {allow:false} to withdraw', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const allowed = await t.app.inject({
      method: 'POST',
      url: `/apiv1/admin/merchant/${merchant.id}/allow-connections/`,
      headers: s.admin.auth,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().result.allow_connections).toBe(true);
    const withdrawn = await admin('POST', `${merchant.id}/allow-connections/`, { allow: false });
    expect(withdrawn.json().result.allow_connections).toBe(false);
    expect((await admin('POST', `${merchant.id}/allow-connections/`, { allow: 'maybe' })).statusCode).toBe(400);
    expect((await admin('POST', `${crypto.randomUUID()}/allow-connections/`)).statusCode).toBe(404);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchant.id), eq(auditLog.entityType, 'merchant')));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'merchant.connections_allowed',
      'merchant.connections_disallowed',
    ]);
  });
});

describe('every merchant change is for platform admins only', () => {
  it('refuses staff admins (even with every flag), merchant roles and anonymous callers', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const base = `/apiv1/admin/merchant/${merchant.id}/`;
    for (const request of [
      { method: 'PATCH' as const, url: base, payload: { is_blocked: true } },
      { method: 'PATCH' as const, url: `${base}hub-status/`, payload: { hub: 'payment', status: 4 } },
      { method: 'PATCH' as const, url: `/apiv1/admin/merchant/remove-merchant/${merchant.id}/` },
      { method: 'POST' as const, url: `${base}allow-connections/` },
    ]) {
      await expectRefused(t, s, request, NOT_PLATFORM_ADMIN);
    }
    const detail = await t.app.inject({ method: 'GET', url: base, headers: s.admin.auth });
    expect(detail.json().result.merchant).toMatchObject({
      is_blocked: false,
      payment_hub_status: 3,
      removed_at: null,
      allow_connections: false,
    });
  });
});
