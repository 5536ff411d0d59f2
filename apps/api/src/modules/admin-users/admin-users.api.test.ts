import { ROLE } from '@kassa/contract/access';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/session.ts';
import { expectRefused, NOT_PLATFORM_ADMIN, startRoleApp } from '../../../test/support/admin-roles.ts';
import { auditLog } from '../../db/schema.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const BASE = '/apiv1/superadmin/admin/';
const create = (payload: object) => t.app.inject({ method: 'POST', url: BASE, payload, headers: s.admin.auth });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `${BASE}${id}/`, payload, headers: s.admin.auth });

let seq = 0;
const newAdmin = (overrides: object = {}) => {
  seq += 1;
  return { first_name: 'Sam', last_name: `Staff ${seq}`, email: `staff-${seq}@kassa.test`, ...overrides };
};

async function acceptInvite(email: string, password: string) {
  const token = t.mail.lastTo(email)?.text.match(/reset-password\?token=(\S+)/)?.[1];
  expect(token, `invitation to ${email}`).toBeDefined();
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/reset-password/',
    payload: { token: decodeURIComponent(token!), password },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /apiv1/superadmin/admin/', () => {
  it('creates a staff admin whose flags the server enforces, and invites them to set a password', async () => {
    const body = newAdmin({ view_catalog: 1 });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      status: 'success',
      message: `Staff admin created. An invitation was sent to ${body.email}.`,
      result: {
        user_id: expect.any(String),
        first_name: 'Sam',
        last_name: body.last_name,
        email: body.email,
        is_active: true,
        view_merchant: 0,
        view_catalog: 1,
        view_transactions: 0,
        view_industry_type: 0,
      },
    });
    expect(t.mail.lastTo(body.email)?.text).toContain('a staff administrator');

    await acceptInvite(body.email, 'Copper-Kettle-2031');
    const session = await signIn(t, body.email, 'Copper-Kettle-2031');
    expect(session.user.role).toBe(ROLE.STAFF_ADMIN);
    const catalog = await t.app.inject({ method: 'GET', url: '/apiv1/catalog/', headers: session.auth });
    expect(catalog.statusCode).toBe(200);
    const merchants = await t.app.inject({ method: 'GET', url: '/apiv1/admin/merchant/', headers: session.auth });
    expect(merchants.statusCode).toBe(403);

    const listed = await t.app.inject({ method: 'GET', url: `${BASE}?search=${body.email}`, headers: s.admin.auth });
    expect(listed.json().result.results).toEqual([res.json().result]);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().result.user_id));
    expect(audit).toMatchObject({
      action: 'admin_user.created',
      actorUserId: s.admin.user.id,
      data: {
        email: body.email,
        permissions: { view_merchant: 0, view_catalog: 1, view_transactions: 0, view_industry_type: 0 },
      },
    });
  });

  it('answers 409 for an e-mail already in use, whatever its case', async () => {
    const res = await create(newAdmin({ email: s.owner.user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `A user with the e-mail ${s.owner.user.email} already exists. Use another e-mail address.`,
    );
  });

  it('refuses invalid input with field errors', async () => {
    for (const [payload, path] of [
      [newAdmin({ view_merchant: 2 }), 'view_merchant'],
      [newAdmin({ email: 'staff' }), 'email'],
      [newAdmin({ first_name: ' ' }), 'first_name'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path })]);
    }
  });
});

describe('PATCH /apiv1/superadmin/admin/{id}/', () => {
  it('changes names and flags, logs the change, and disabling ends the admin’s access', async () => {
    const created = (await create(newAdmin({ view_merchant: 1 }))).json().result;
    await acceptInvite(created.email, 'Copper-Kettle-2031');
    const session = await signIn(t, created.email, 'Copper-Kettle-2031');
    const merchants = () => t.app.inject({ method: 'GET', url: '/apiv1/admin/merchant/', headers: session.auth });
    expect((await merchants()).statusCode).toBe(200);

    const changed = await patch(created.user_id, { last_name: 'Renamed', view_merchant: 0, view_transactions: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({ last_name: 'Renamed', view_merchant: 0, view_transactions: 1 });
    expect((await merchants()).statusCode, 'flags apply from the next request').toBe(403);

    const disabled = await patch(created.user_id, { is_active: false });
    expect(disabled.json().result.is_active).toBe(false);
    expect((await merchants()).statusCode).toBe(401);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.user_id), like(auditLog.action, 'admin_user.%')))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(['admin_user.created', 'admin_user.updated', 'admin_user.updated']);
    expect(audit[1]!.data).toEqual({
      email: created.email,
      changes: {
        last_name: { from: created.last_name, to: 'Renamed' },
        view_merchant: { from: 1, to: 0 },
        view_transactions: { from: 0, to: 1 },
      },
    });
  });

  it('answers 404 for an unknown id or a user who is not a staff admin, 400 for bad input', async () => {
    expect((await patch(crypto.randomUUID(), { is_active: false })).statusCode).toBe(404);
    expect((await patch(s.admin.user.id, { is_active: false })).statusCode).toBe(404);
    expect((await patch(s.owner.user.id, { view_merchant: 1 })).statusCode).toBe(404);
    const created = (await create(newAdmin())).json().result;
    const bad = await patch(created.user_id, { view_catalog: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'view_catalog' })]);
    expect((await patch(created.user_id, {})).statusCode).toBe(400);
    expect((await patch('nope', { is_active: false })).statusCode).toBe(400);
  });
});

describe('staff admin management is for platform admins only', () => {
  it('refuses everyone else', async () => {
    await expectRefused(t, s, { method: 'POST', url: BASE, payload: newAdmin() }, NOT_PLATFORM_ADMIN);
    await expectRefused(
      t,
      s,
      { method: 'PATCH', url: `${BASE}${s.staffNone.user.id}/`, payload: { view_merchant: 1 } },
      NOT_PLATFORM_ADMIN,
    );
  });
});
