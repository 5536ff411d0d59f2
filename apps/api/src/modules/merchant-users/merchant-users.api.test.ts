import { APP, ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const {
  merchantId,
  otherMerchantId,
  owner,
  staff,
  subUser: manager, // Users view+create+edit+delete, Products view
  inactiveHub,
} = await signInMerchantTeam(t, {
  merchant: { name: 'Reyes Outdoor' },
  subUserAccess: { [APP.USERS]: [1, 2, 3, 4], [APP.PRODUCTS]: [1] },
  inactiveHubStatus: 1,
});
// sub-user: Users view only
const viewer = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId, access: { [APP.USERS]: [1] } });
const otherUserId = (await createUser(t.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: otherMerchantId })).id;
const call = apiCaller(t);

const invite = (session: TestSession, overrides: Record<string, unknown> = {}) =>
  call(session, 'POST', '/users/', {
    email: `clerk-${crypto.randomUUID().slice(0, 8)}@example.com`,
    first_name: 'Cleo',
    last_name: 'Clerk',
    role: 3,
    access: [
      { app_key: APP.PRODUCTS, access: [1] },
      { app_key: APP.INVOICES, access: [1, 2] },
    ],
    ...overrides,
  });

describe('merchant users', () => {
  it('invites a sub-user with its access and mails a link that sets the first password', async () => {
    const res = await invite(owner, { email: 'Cleo@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json().result;
    expect(user).toMatchObject({ email: 'cleo@example.com', role: 3, is_active: true, invitation_pending: true });

    const access = (await call(owner, 'GET', `/auth/access/${user.id}/`)).json().result;
    const codes = Object.fromEntries(access.map((a: { app_key: number; access: number[] }) => [a.app_key, a.access]));
    expect(codes[APP.PRODUCTS]).toEqual([1]);
    expect(codes[APP.INVOICES]).toEqual([1, 2]);
    expect(codes[APP.DASHBOARD]).toEqual([]);

    const mail = t.mail.lastTo('cleo@example.com');
    expect(mail?.subject).toContain('Reyes Outdoor');
    const token = mail?.text.match(/reset-password\?token=([\w%-]+)/)?.[1];
    expect(token).toBeTruthy();
    const set = await call(null, 'POST', '/auth/reset-password/', {
      token: decodeURIComponent(token ?? ''),
      password: 'a-Long-new-passw0rd',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(owner, 'GET', `/users/${user.id}/`)).json().result.invitation_pending).toBe(false);
  });

  it('refuses a duplicate e-mail with 409 on the field, and invalid input with 400', async () => {
    const email = 'dup@example.com';
    expect((await invite(owner, { email })).statusCode).toBe(201);
    const dup = await invite(staff, { email: 'DUP@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ path: 'email', message: expect.any(String) }]);
    for (const [overrides, path] of [
      [{ role: 2 }, 'role'],
      [{ email: 'nope' }, 'email'],
      [{ first_name: '' }, 'first_name'],
      [{ access: [{ app_key: APP.PRODUCTS, access: [2] }] }, 'access.0.access'],
    ] as const) {
      const res = await invite(owner, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it("lists only the merchant's users, with search", async () => {
    const list = (await call(staff, 'GET', '/users/?page_size=100')).json().result;
    expect(list.results.map((u: { id: string }) => u.id)).toContain(owner.user.id);
    expect(list.results.map((u: { id: string }) => u.id)).not.toContain(otherUserId);
    const search = (await call(owner, 'GET', `/users/?search=${encodeURIComponent(viewer.user.email)}`)).json().result;
    expect(search.results.map((u: { id: string }) => u.id)).toEqual([viewer.user.id]);
  });

  it('lets only the owner change roles, never its own', async () => {
    const id = (await invite(owner)).json().result.id;
    expect((await call(staff, 'PATCH', `/users/${id}/`, { role: 5 })).statusCode).toBe(403);
    const promoted = await call(owner, 'PATCH', `/users/${id}/`, { role: 5, first_name: 'Cleo B.' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().result).toMatchObject({ role: 5, first_name: 'Cleo B.' });
    expect((await call(owner, 'PATCH', `/users/${owner.user.id}/`, { role: 5 })).statusCode).toBe(422);
    // a name-only edit by staff is fine
    expect((await call(staff, 'PATCH', `/users/${id}/`, { last_name: 'Baker' })).statusCode).toBe(200);
  });

  it('disables (never deletes) a user, ending its sessions; not yourself and not the owner', async () => {
    const victim = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId,
      access: { [APP.PRODUCTS]: [1] },
    });
    expect((await call(victim, 'GET', '/product/')).statusCode).toBe(200);
    const res = await call(staff, 'DELETE', `/users/${victim.user.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(victim, 'GET', '/product/')).statusCode).toBe(401);
    const refreshed = await call(null, 'POST', '/auth/token/refresh/', { refresh: victim.refresh });
    expect(refreshed.statusCode).toBe(401);
    expect((await call(owner, 'GET', `/users/${victim.user.id}/`)).json().result.is_active).toBe(false);

    expect((await call(staff, 'DELETE', `/users/${staff.user.id}/`)).statusCode).toBe(422);
    expect((await call(staff, 'DELETE', `/users/${owner.user.id}/`)).statusCode).toBe(422);
    expect((await call(staff, 'PATCH', `/users/${owner.user.id}/`, { is_active: false })).statusCode).toBe(422);
  });

  it('keeps a sub-user with Users access from handing out more than it holds', async () => {
    expect((await invite(manager, { access: [{ app_key: APP.PRODUCTS, access: [1] }] })).statusCode).toBe(201);
    expect((await invite(manager, { access: [{ app_key: APP.PRODUCTS, access: [1, 2] }] })).statusCode).toBe(403);
    expect((await invite(manager, { role: 5, access: [] })).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/users/${staff.user.id}/`)).statusCode).toBe(403);
  });

  it('limits a sub-user to its Users codes, and needs a merchant session', async () => {
    expect((await call(viewer, 'GET', '/users/')).statusCode).toBe(200);
    expect((await invite(viewer)).statusCode).toBe(403);
    expect((await call(viewer, 'PATCH', `/users/${manager.user.id}/`, { first_name: 'X' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/users/${manager.user.id}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/users/')).statusCode).toBe(401);
    // User management is not a Payment Hub app: it works while the hub is pending
    expect((await call(inactiveHub, 'GET', '/users/')).statusCode).toBe(200);
  });

  it("answers another merchant's user with 404", async () => {
    expect((await call(owner, 'GET', `/users/${otherUserId}/`)).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', `/users/${otherUserId}/`, { first_name: 'X' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/users/${otherUserId}/`)).statusCode).toBe(404);
  });
});
