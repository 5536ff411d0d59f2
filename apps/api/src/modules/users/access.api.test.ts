import { ALL_ACCESS, APP, ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { auditLog } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const acme = await createMerchant(t.ctx.db, { name: 'Acme' });
const cedar = await createMerchant(t.ctx.db, { name: 'Cedar' });
const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: acme.id });

const get = (s: TestSession, id: string) =>
  t.app.inject({ method: 'GET', url: `/apiv1/auth/access/${id}/`, headers: s.auth });
const put = (s: TestSession, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/apiv1/auth/access/${id}/`, headers: s.auth, payload });

const codesOf = (list: { app_key: number; access: number[] }[]) =>
  Object.fromEntries(list.filter((e) => e.access.length > 0).map((e) => [e.app_key, e.access]));

describe('GET /apiv1/auth/access/{id}/', () => {
  it("lets a sub-user read its own access: one entry per app with the app's name", async () => {
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.PRODUCTS]: [1], [APP.INVOICES]: [1, 2] },
    });
    const res = await get(clerk, clerk.user.id);
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list).toHaveLength(8);
    expect(list[2]).toEqual({ app_key: 3, app: 'Products', access: [1] });
    expect(codesOf(list)).toEqual({ 3: [1], 6: [1, 2] });
  });

  it('reports full access for owners and staff', async () => {
    const staff = await createUser(t.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: acme.id });
    for (const id of [owner.user.id, staff.id]) {
      const list = (await get(owner, id)).json().result;
      expect(list.every((e: { access: number[] }) => e.access.join() === ALL_ACCESS.join())).toBe(true);
    }
  });

  it("answers 404 for another merchant's user and for an unknown id", async () => {
    const stranger = await createUser(t.ctx.db, { role: ROLE.MERCHANT_SUB_USER, merchantId: cedar.id });
    expect((await get(owner, stranger.id)).statusCode).toBe(404);
    expect((await get(owner, crypto.randomUUID())).statusCode).toBe(404);
    expect((await get(owner, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("lets a sub-user with Users view read colleagues' access, and refuses one without it", async () => {
    const colleague = await createUser(t.ctx.db, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.QUICK_PAYMENTS]: [1] },
    });
    const manager = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.USERS]: [1] },
    });
    expect(codesOf((await get(manager, colleague.id)).json().result)).toEqual({ 5: [1] });
    const plain = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId: acme.id });
    expect((await get(plain, colleague.id)).statusCode).toBe(403);
  });

  it("lets a platform admin read anyone's access, but not a staff admin", async () => {
    const clerk = await createUser(t.ctx.db, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: cedar.id,
      access: { [APP.DASHBOARD]: [1] },
    });
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect(codesOf((await get(admin, clerk.id)).json().result)).toEqual({ 1: [1] });
    const staffAdmin = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_merchant: 1 } });
    expect((await get(staffAdmin, clerk.id)).statusCode).toBe(403);
    expect(codesOf((await get(staffAdmin, staffAdmin.user.id)).json().result)).toEqual({});
  });
});

describe('PUT /apiv1/auth/access/{id}/', () => {
  it("replaces a sub-user's access, writes the audit log, and the sub-user's next request sees it", async () => {
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.PRODUCTS]: [1, 2, 3], [APP.INVOICES]: [1] },
    });
    const res = await put(owner, clerk.user.id, {
      access: [
        { app_key: APP.INVOICES, access: [2, 1] },
        { app_key: APP.VIRTUAL_TERMINAL, access: [1, 2] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Access updated.');
    expect(codesOf(res.json().result)).toEqual({ 2: [1, 2], 6: [1, 2] });
    expect(codesOf((await get(clerk, clerk.user.id)).json().result)).toEqual({ 2: [1, 2], 6: [1, 2] });

    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, clerk.user.id));
    expect(entry).toMatchObject({ action: 'user.access_updated', actorUserId: owner.user.id, merchantId: acme.id });
  });

  it('refuses to change owners and staff: their access is fixed by their role', async () => {
    const staff = await createUser(t.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: acme.id });
    const res = await put(owner, staff.id, { access: [{ app_key: 3, access: [1] }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('business_rule');
  });

  it("answers 404 for another merchant's user", async () => {
    const stranger = await createUser(t.ctx.db, { role: ROLE.MERCHANT_SUB_USER, merchantId: cedar.id });
    expect((await put(owner, stranger.id, { access: [] })).statusCode).toBe(404);
  });

  it('refuses unknown apps and codes, duplicates and codes without view with field errors', async () => {
    const clerk = await createUser(t.ctx.db, { role: ROLE.MERCHANT_SUB_USER, merchantId: acme.id });
    const unknown = await put(owner, clerk.id, { access: [{ app_key: 9, access: [5] }] });
    expectFieldErrors(unknown, ['access.0.access.0', 'access.0.app_key']);
    const rules = await put(owner, clerk.id, {
      access: [
        { app_key: 3, access: [1] },
        { app_key: 3, access: [1] },
        { app_key: 6, access: [2] },
      ],
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().errors.map((e: { path: string }) => e.path)).toEqual(['access.1.app_key', 'access.2.access']);
  });

  it('lets a sub-user with Users edit change colleagues but not itself; Users view alone is not enough', async () => {
    const colleague = await createUser(t.ctx.db, { role: ROLE.MERCHANT_SUB_USER, merchantId: acme.id });
    const editor = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.USERS]: [1, 3] },
    });
    expect((await put(editor, colleague.id, { access: [{ app_key: APP.USERS, access: [1] }] })).statusCode).toBe(200);
    const self = await put(editor, editor.user.id, { access: [{ app_key: 8, access: [1, 2, 3, 4] }] });
    expect(self.statusCode).toBe(422);
    const viewer = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.USERS]: [1] },
    });
    expect((await put(viewer, colleague.id, { access: [] })).statusCode).toBe(403);
  });

  it('lets a sub-user give only codes it holds, and take any away', async () => {
    const colleague = await createUser(t.ctx.db, { role: ROLE.MERCHANT_SUB_USER, merchantId: acme.id });
    await put(owner, colleague.id, { access: [{ app_key: APP.INVOICES, access: [1, 2] }] });
    const editor = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme.id,
      access: { [APP.USERS]: [1, 2, 3], [APP.PRODUCTS]: [1] },
    });
    // Users delete, Products create and Virtual Terminal view are not the editor's to give.
    for (const access of [
      [{ app_key: APP.USERS, access: [1, 2, 3, 4] }],
      [{ app_key: APP.PRODUCTS, access: [1, 2] }],
      [{ app_key: APP.VIRTUAL_TERMINAL, access: [1] }],
    ]) {
      const refused = await put(editor, colleague.id, { access });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You cannot give access you do not have yourself.');
    }
    expect(codesOf((await get(owner, colleague.id)).json().result)).toEqual({ [APP.INVOICES]: [1, 2] });
    // Keeping Invoices (which the editor lacks), dropping create, and adding what it holds is allowed.
    const allowed = await put(editor, colleague.id, {
      access: [
        { app_key: APP.INVOICES, access: [1] },
        { app_key: APP.USERS, access: [1, 2, 3] },
        { app_key: APP.PRODUCTS, access: [1] },
      ],
    });
    expect(allowed.statusCode).toBe(200);
    expect(codesOf(allowed.json().result)).toEqual({
      [APP.PRODUCTS]: [1],
      [APP.INVOICES]: [1],
      [APP.USERS]: [1, 2, 3],
    });
  });

  it('is not for admins', async () => {
    const clerk = await createUser(t.ctx.db, { role: ROLE.MERCHANT_SUB_USER, merchantId: acme.id });
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await put(admin, clerk.id, { access: [] })).statusCode).toBe(403);
  });
});
