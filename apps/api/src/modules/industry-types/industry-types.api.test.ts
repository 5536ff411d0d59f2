import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import {
  ALL_ROLE_KEYS,
  expectAllowed,
  expectRefused,
  NOT_PLATFORM_ADMIN,
  startRoleApp,
} from '../../../test/support/admin-roles.ts';
import { auditLog, financialConnectionIndustries, financialConnections, industryTypes } from '../../db/schema.ts';

const { t, s } = await startRoleApp();
afterAll(() => t.close());

const BASE = '/apiv1/connection/industry-type/';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: s.admin.auth });

describe('industry types', () => {
  it('creates, reads, renames and deletes one, with an audit entry for each change', async () => {
    const created = await call('POST', BASE, { name: '  Hospitality ', description: 'Hotels and restaurants' });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().result;
    expect(row).toMatchObject({ name: 'Hospitality', description: 'Hotels and restaurants', merchant_count: 0 });

    expect((await call('GET', `${BASE}${row.id}/`)).json().result.name).toBe('Hospitality');
    const renamed = await call('PATCH', `${BASE}${row.id}/`, { name: 'Hospitality & travel' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().result).toMatchObject({
      name: 'Hospitality & travel',
      description: 'Hotels and restaurants',
    });

    const deleted = await call('DELETE', `${BASE}${row.id}/`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'success', message: 'Industry type deleted.' });
    expect((await call('GET', `${BASE}${row.id}/`)).statusCode).toBe(404);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row.id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['industry_type.created', s.admin.user.id],
      ['industry_type.updated', s.admin.user.id],
      ['industry_type.deleted', s.admin.user.id],
    ]);
    expect(audit[1]!.data).toEqual({
      from: { name: 'Hospitality', description: 'Hotels and restaurants' },
      to: { name: 'Hospitality & travel' },
    });
  });

  it('keeps names unique whatever the case (409)', async () => {
    expect((await call('POST', BASE, { name: 'Grocery' })).statusCode).toBe(201);
    const dup = await call('POST', BASE, { name: 'GROCERY' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An industry type named "GROCERY" already exists.');
    const other = (await call('POST', BASE, { name: 'Pharmacy' })).json().result;
    expect((await call('PATCH', `${BASE}${other.id}/`, { name: 'grocery' })).statusCode).toBe(409);
    expect((await call('PATCH', `${BASE}${other.id}/`, { name: 'PHARMACY' })).statusCode).toBe(200);
  });

  it('refuses to delete one a merchant or a financial connection uses (422)', async () => {
    const used = (await call('POST', BASE, { name: 'Used by merchant' })).json().result;
    await createMerchant(t.ctx.db, { industryTypeId: used.id });
    const res = await call('DELETE', `${BASE}${used.id}/`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('"Used by merchant" is used by 1 merchant and cannot be deleted.');

    const partnerIndustry = (await call('POST', BASE, { name: 'Used by partner' })).json().result;
    const [partner] = await t.ctx.db
      .insert(financialConnections)
      .values({ name: 'Lender', ssoUrl: 'https://lender.test/sso', sharedSecret: 'ciphertext' })
      .returning();
    await t.ctx.db
      .insert(financialConnectionIndustries)
      .values({ financialConnectionId: partner!.id, industryTypeId: partnerIndustry.id });
    const refused = await call('DELETE', `${BASE}${partnerIndustry.id}/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('"Used by partner" is used by 1 financial connection and cannot be deleted.');
  });

  it('searches, sorts and pages up to 1000 per page (docs/product-rules.md#constants)', async () => {
    await t.ctx.db
      .insert(industryTypes)
      .values(Array.from({ length: 25 }, (_, i) => ({ name: `Bulk ${String(i).padStart(2, '0')}` })));
    const all = await call('GET', `${BASE}?search=bulk&page_size=1000&sort_by=-name&page=1`);
    expect(all.statusCode).toBe(200);
    const result = all.json().result;
    expect(result).toMatchObject({ count: 25, page: 1, page_size: 1000 });
    expect(result.results[0].name).toBe('Bulk 24');
    expect(result.results).toHaveLength(25);
    const second = (await call('GET', `${BASE}?search=bulk&page_size=10&page=2`)).json().result;
    expect(second.results.map((r: { name: string }) => r.name)[0]).toBe('Bulk 10');
    expect((await call('GET', `${BASE}?page_size=1001`)).statusCode).toBe(400);
    expect((await call('GET', `${BASE}?sort_by=merchant_count`)).statusCode).toBe(400);
  });

  it('refuses invalid input with field errors and unknown ids with 404', async () => {
    const short = await call('POST', BASE, { name: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'name', message: 'Enter a name' }]);
    expect((await call('POST', BASE, { name: 'Fine', description: 'd'.repeat(501) })).json().errors[0].path).toBe(
      'description',
    );
    expect((await call('PATCH', `${BASE}${crypto.randomUUID()}/`, { name: 'Ghost' })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}${crypto.randomUUID()}/`)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}not-an-id/`)).statusCode).toBe(400);
  });

  it('lets every signed-in user read (merchants pick their industry) and only platform admins change', async () => {
    const row = (await call('POST', BASE, { name: 'Access check' })).json().result;
    await expectAllowed(t, s, { method: 'GET', url: BASE }, ALL_ROLE_KEYS);
    await expectAllowed(t, s, { method: 'GET', url: `${BASE}${row.id}/` }, ALL_ROLE_KEYS);
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    await expectRefused(t, s, { method: 'POST', url: BASE, payload: { name: 'Sneaky' } }, NOT_PLATFORM_ADMIN);
    await expectRefused(
      t,
      s,
      { method: 'PATCH', url: `${BASE}${row.id}/`, payload: { name: 'Sneaky' } },
      NOT_PLATFORM_ADMIN,
    );
    await expectRefused(t, s, { method: 'DELETE', url: `${BASE}${row.id}/` }, NOT_PLATFORM_ADMIN);
    expect((await call('GET', `${BASE}${row.id}/`)).json().result.name).toBe('Access check');
  });
});
