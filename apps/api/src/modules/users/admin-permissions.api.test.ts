import { ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const list = (s: TestSession, query = '') =>
  t.app.inject({ method: 'GET', url: `/apiv1/superadmin/admin/${query}`, headers: s.auth });

describe('GET /apiv1/superadmin/admin/', () => {
  it('gives a staff admin a one-entry page holding its own permission set', async () => {
    await createUser(t.ctx.db, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_catalog: 1 } });
    const me = await createSignedInUser(t, {
      role: ROLE.STAFF_ADMIN,
      firstName: 'Sam',
      lastName: 'Staff',
      adminPermissions: { view_merchant: 1, view_transactions: 1 },
    });
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      count: 1,
      page: 1,
      page_size: 1,
      results: [
        {
          user_id: me.user.id,
          first_name: 'Sam',
          last_name: 'Staff',
          email: me.user.email,
          is_active: true,
          view_merchant: 1,
          view_catalog: 0,
          view_transactions: 1,
          view_industry_type: 0,
        },
      ],
    });
  });

  it('reports every flag 0 for a staff admin without a permission row', async () => {
    const me = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN });
    expect((await list(me)).json().result.results[0]).toMatchObject({
      view_merchant: 0,
      view_catalog: 0,
      view_transactions: 0,
      view_industry_type: 0,
    });
  });

  it('gives a platform admin the page of staff admins, searchable', async () => {
    await createUser(t.ctx.db, {
      role: ROLE.STAFF_ADMIN,
      email: 'findme_100%@kassa.test',
      adminPermissions: { view_industry_type: 1 },
    });
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const all = (await list(admin, '?page=1&page_size=2')).json().result;
    expect(all).toMatchObject({ count: 4, page: 1, page_size: 2 });
    expect(all.results).toHaveLength(2);
    const found = (await list(admin, '?search=100%25')).json().result;
    expect(found.count).toBe(1);
    expect(found.results[0]).toMatchObject({ email: 'findme_100%@kassa.test', view_industry_type: 1 });
    // A LIKE wildcard typed into the search box matches literally.
    expect((await list(admin, '?search=_1')).json().result.count).toBe(1);
  });

  it('refuses merchant users and bad paging', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    expect((await list(owner)).statusCode).toBe(403);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const bad = await list(admin, '?page_size=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('page_size');
  });
});
