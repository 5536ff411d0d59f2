import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { expectAllowed, expectRefused, readersOf, startRoleApp } from '../../../test/support/admin-roles.ts';
import { industryTypes } from '../../db/schema.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `/apiv1/admin/merchant/?${query}`, headers: s.admin.auth });
const names = (res: { json: () => { result: { results: { name: string }[] } } }) =>
  res.json().result.results.map((m) => m.name);

describe('GET /apiv1/admin/merchant/', () => {
  it('is readable by platform admins and staff admins with view_merchant only', async () => {
    const { allowed, refused } = readersOf('staffMerchant');
    const request = { method: 'GET' as const, url: '/apiv1/admin/merchant/' };
    await expectAllowed(t, s, request, allowed);
    await expectRefused(t, s, request, refused);
  });

  it('searches name, e-mail and phone digits, leaves removed merchants out, and pages', async () => {
    const db = t.ctx.db;
    await createMerchant(db, { name: 'Zephyr Bikes', email: 'hello@zephyr.test', phone: '+14155552671' });
    await createMerchant(db, { name: 'Zephyr Books', email: 'books@example.test' });
    await createMerchant(db, { name: 'Harbor Cafe', email: 'zephyr-fan@cafe.test' });
    await createMerchant(db, { name: 'Zephyr Gone', removedAt: new Date() });

    const byName = await list('search=zephyr&sort_by=name');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().result).toMatchObject({ count: 3, page: 1, page_size: 20 });
    expect(names(byName)).toEqual(['Harbor Cafe', 'Zephyr Bikes', 'Zephyr Books']);

    expect(names(await list(`search=${encodeURIComponent('415 555')}`))).toEqual(['Zephyr Bikes']);
    expect(names(await list('search=books%40example'))).toEqual(['Zephyr Books']);
    // LIKE wildcards typed in the box are plain characters.
    expect((await list('search=%25')).json().result.count).toBe(0);

    const page2 = await list('search=zephyr&sort_by=-name&page=2&page_size=2');
    expect(page2.json().result).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(names(page2)).toEqual(['Harbor Cafe']);
  });

  it('filters by hub statuses, industry type, blocked and master merchant', async () => {
    const db = t.ctx.db;
    const [retail] = await db.insert(industryTypes).values({ name: 'Filter Retail' }).returning();
    const master = await createMerchant(db, { name: 'Filter Master', industryTypeId: retail!.id });
    const sub = await createMerchant(db, {
      name: 'Filter Sub',
      masterMerchantId: master.id,
      paymentHubStatus: 2,
      financeHubStatus: 4,
      isBlocked: true,
    });
    await createMerchant(db, { name: 'Filter Removed Sub', masterMerchantId: master.id, removedAt: new Date() });

    const subs = await list(`master_merchant=${master.id}`);
    expect(subs.json().result.results).toEqual([
      expect.objectContaining({
        id: sub.id,
        name: 'Filter Sub',
        master_merchant_id: master.id,
        master_merchant_name: 'Filter Master',
        payment_hub_status: 2,
        finance_hub_status: 4,
        is_blocked: true,
        sub_merchant_count: 0,
      }),
    ]);
    const masters = await list('only_masters=true&search=filter');
    expect(masters.json().result.results).toEqual([
      expect.objectContaining({ id: master.id, sub_merchant_count: 1, industry_type_name: 'Filter Retail' }),
    ]);
    expect(names(await list(`industry_type=${retail!.id}`))).toEqual(['Filter Master']);
    expect(names(await list('search=filter&payment_hub_status=2'))).toEqual(['Filter Sub']);
    expect(names(await list('search=filter&finance_hub_status=4'))).toEqual(['Filter Sub']);
    expect(names(await list('search=filter&is_blocked=true'))).toEqual(['Filter Sub']);
    expect(names(await list('search=filter&is_blocked=false'))).toEqual(['Filter Master']);
  });

  it('carries every field a list row shows, and the logo', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const m = await createMerchant(t.ctx.db, { name: 'Logo Shop', logo, phone: '+442079460958' });
    const [row] = (await list('search=logo%20shop')).json().result.results;
    expect(row).toEqual({
      id: m.id,
      name: 'Logo Shop',
      email: m.email,
      phone: '+442079460958',
      logo,
      payment_hub_status: 3,
      finance_hub_status: 3,
      is_blocked: false,
      allow_connections: false,
      industry_type_id: null,
      industry_type_name: null,
      master_merchant_id: null,
      master_merchant_name: null,
      sub_merchant_count: 0,
      created_at: m.createdAt.toISOString(),
    });
  });

  it('refuses invalid queries with field errors', async () => {
    for (const [query, path] of [
      ['page_size=101', 'page_size'],
      ['page=0', 'page'],
      ['sort_by=password_hash', 'sort_by'],
      ['industry_type=retail', 'industry_type'],
      ['master_merchant=123', 'master_merchant'],
      ['payment_hub_status=9', 'payment_hub_status'],
      ['is_blocked=yes', 'is_blocked'],
    ]) {
      const res = await list(query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', errors: [expect.objectContaining({ path })] });
    }
  });
});

describe('GET /apiv1/admin/merchant/super-merchant/', () => {
  it('lists live merchants without a master, with their sub-merchant counts', async () => {
    const db = t.ctx.db;
    const master = await createMerchant(db, { name: 'Super Alpha' });
    await createMerchant(db, { name: 'Super Beta' });
    await createMerchant(db, { name: 'Super Child', masterMerchantId: master.id });
    await createMerchant(db, { name: 'Super Removed', removedAt: new Date() });

    const res = await t.app.inject({
      method: 'GET',
      url: '/apiv1/admin/merchant/super-merchant/?search=super',
      headers: s.staffMerchant.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      count: 2,
      page: 1,
      page_size: 20,
      results: [
        { id: master.id, name: 'Super Alpha', logo: null, sub_merchant_count: 1 },
        { id: expect.any(String), name: 'Super Beta', logo: null, sub_merchant_count: 0 },
      ],
    });
    const owning = await t.app.inject({
      method: 'GET',
      url: '/apiv1/admin/merchant/super-merchant/?search=super&with_sub_merchants=true',
      headers: s.admin.auth,
    });
    expect(owning.json().result.results.map((m: { name: string }) => m.name)).toEqual(['Super Alpha']);
  });

  it('is refused without view_merchant', async () => {
    const { refused } = readersOf('staffMerchant');
    await expectRefused(t, s, { method: 'GET', url: '/apiv1/admin/merchant/super-merchant/' }, refused);
  });
});

describe('GET /apiv1/admin/merchant/{id}/sub-merchants/', () => {
  it('pages through one master’s sub-merchants', async () => {
    const master = await createMerchant(t.ctx.db, { name: 'Tree Root' });
    await createMerchant(t.ctx.db, { name: 'Tree Leaf B', masterMerchantId: master.id });
    await createMerchant(t.ctx.db, { name: 'Tree Leaf A', masterMerchantId: master.id });
    const url = `/apiv1/admin/merchant/${master.id}/sub-merchants/`;
    const res = await t.app.inject({ method: 'GET', url, headers: s.staffMerchant.auth });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Tree Leaf A', 'Tree Leaf B']);
    const { refused } = readersOf('staffMerchant');
    await expectRefused(t, s, { method: 'GET', url }, refused);
  });

  it('answers 404 for an unknown merchant and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/apiv1/admin/merchant/${crypto.randomUUID()}/sub-merchants/`,
      headers: s.admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/apiv1/admin/merchant/nope/sub-merchants/',
      headers: s.admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
