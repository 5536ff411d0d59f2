import { APP, ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type MerchantRow } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { startSession } from '../auth/session.service.ts';

let t: TestApp;
let master: MerchantRow;
let bolt: MerchantRow;
let cedar: MerchantRow;
let owner: TestSession;

const URL = '/apiv1/merchant/sub-merchants/';
const list = (auth: { authorization: string } | null, query = '') =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: auth ?? {} });
const names = (res: { json: () => { result: { results: { name: string }[] } } }) =>
  res.json().result.results.map((r) => r.name);

beforeAll(async () => {
  t = await buildTestApp();
  master = await createMerchant(t.ctx.db, { name: 'Acme Outfitters' });
  // Created out of name order, so the default sort (name) is seen doing something.
  cedar = await createMerchant(t.ctx.db, {
    name: 'Cedar Café',
    masterMerchantId: master.id,
    logo: '/apiv1/uploads/00000000-0000-4000-8000-000000000001.png',
    paymentHubStatus: 2,
    financeHubStatus: 1,
  });
  bolt = await createMerchant(t.ctx.db, { name: 'Bolt Bikes', masterMerchantId: master.id });
  await createMerchant(t.ctx.db, { name: 'Gone Goods', masterMerchantId: master.id, removedAt: new Date() });
  const otherMaster = await createMerchant(t.ctx.db, { name: 'Other Master' });
  await createMerchant(t.ctx.db, { name: 'Foreign Sub', masterMerchantId: otherMaster.id });
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: master.id });
});
afterAll(() => t.close());

describe('GET /apiv1/merchant/sub-merchants/', () => {
  it("gives the master's owner its live sub-merchants, by name, with hub statuses and nothing more", async () => {
    const res = await list(owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ count: 2, page: 1, page_size: 20 });
    expect(result.results).toEqual([
      {
        id: bolt.id,
        name: 'Bolt Bikes',
        logo: null,
        payment_hub_status: 3,
        finance_hub_status: 3,
        created_at: bolt.createdAt.toISOString(),
      },
      {
        id: cedar.id,
        name: 'Cedar Café',
        logo: '/apiv1/uploads/00000000-0000-4000-8000-000000000001.png',
        payment_hub_status: 2,
        finance_hub_status: 1,
        created_at: cedar.createdAt.toISOString(),
      },
    ]);
  });

  it('searches, sorts and pages', async () => {
    expect(names(await list(owner.auth, '?search=caf'))).toEqual(['Cedar Café']);
    expect(names(await list(owner.auth, '?sort_by=-name'))).toEqual(['Cedar Café', 'Bolt Bikes']);
    const second = await list(owner.auth, '?page=2&page_size=1');
    expect(second.json().result).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(names(second)).toEqual(['Cedar Café']);
    const wrong = await list(owner.auth, '?sort_by=email');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('sort_by');
  });

  it('never shows another master’s sub-merchants, even when searched for', async () => {
    expect(names(await list(owner.auth, '?search=Foreign'))).toEqual([]);
    expect(names(await list(owner.auth, '?page_size=100'))).not.toContain('Foreign Sub');
  });

  it('lets staff and a sub-user with Dashboard view read it, not a sub-user without', async () => {
    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: master.id });
    expect(names(await list(staff.auth))).toEqual(['Bolt Bikes', 'Cedar Café']);
    const analyst = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: master.id,
      access: { [APP.DASHBOARD]: [1] },
    });
    expect(names(await list(analyst.auth))).toEqual(['Bolt Bikes', 'Cedar Café']);
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: master.id,
      access: { [APP.PRODUCTS]: [1, 2, 3, 4], [APP.DASHBOARD]: [2, 3] },
    });
    expect((await list(clerk.auth)).statusCode).toBe(403);
  });

  it("gives a sub-merchant's owner an empty list: neither its master nor its siblings", async () => {
    const subOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: bolt.id });
    const res = await list(subOwner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ count: 0, page: 1, page_size: 20, results: [] });
  });

  it('refuses admins (they have the back office list) with 403 and anonymous callers with 401', async () => {
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await list(admin.auth)).statusCode).toBe(403);
    const staffAdmin = await createSignedInUser(t, {
      role: ROLE.STAFF_ADMIN,
      adminPermissions: { view_merchant: 1, view_catalog: 1, view_transactions: 1, view_industry_type: 1 },
    });
    expect((await list(staffAdmin.auth)).statusCode).toBe(403);
    const anonymous = await list(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe('error');
  });

  it('opens to an embed session only with the dashboard segment', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: master.id });
    const base = { userId: user.id, role: user.role, merchantId: master.id };
    const embed = async (segments: string[]) => ({
      authorization: `Bearer ${(await startSession(t.ctx, { ...base, segments })).access}`,
    });
    expect((await list(await embed(['PR']))).statusCode).toBe(403);
    expect(names(await list(await embed(['DASH'])))).toEqual(['Bolt Bikes', 'Cedar Café']);
  });
});
