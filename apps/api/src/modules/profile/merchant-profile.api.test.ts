import { APP, ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { auditLog, industryTypes } from '../../db/schema.ts';
import { imageStoreOf } from '../uploads/image-store.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const get = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/merchant-profile/', headers: auth });
const patch = (auth: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/apiv1/auth/merchant-profile/', headers: auth, payload });

describe('GET /apiv1/auth/merchant-profile/', () => {
  it("shows the user's own merchant with industry and master logo to every merchant role", async () => {
    const [industry] = await t.ctx.db.insert(industryTypes).values({ name: 'Retail' }).returning();
    const master = await createMerchant(t.ctx.db, { logo: '/uploads/master.png' });
    const merchant = await createMerchant(t.ctx.db, {
      name: 'Cedar Café',
      masterMerchantId: master.id,
      industryTypeId: industry?.id,
      phone: '+14155552671',
    });
    await createMerchant(t.ctx.db, { name: 'Someone else' });
    for (const role of [ROLE.MERCHANT_OWNER, ROLE.MERCHANT_STAFF, ROLE.MERCHANT_SUB_USER]) {
      const s = await createSignedInUser(t, { role, merchantId: merchant.id });
      const res = await get(s.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({
        id: merchant.id,
        name: 'Cedar Café',
        phone: '+14155552671',
        industry_type_id: industry?.id,
        industry_type_name: 'Retail',
        master_merchant_id: master.id,
        master_merchant_logo: '/uploads/master.png',
        payment_hub_status: 3,
        finance_hub_status: 3,
      });
    }
  });

  it('is for merchant users only', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await get(s.auth)).statusCode).toBe(403);
  });
});

describe('PATCH /apiv1/auth/merchant-profile/', () => {
  it('lets the owner and staff update the business profile, phone stored in E.164, with an audit entry', async () => {
    const merchant = await createMerchant(t.ctx.db, { country: 'US' });
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const res = await patch(owner.auth, {
      name: 'Acme Outfitters',
      phone: '+49 30 123456',
      country: 'de',
      city: 'Berlin',
      website: 'https://acme.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Business profile updated.',
      result: {
        name: 'Acme Outfitters',
        phone: '+4930123456',
        country: 'DE',
        city: 'Berlin',
        website: 'https://acme.example',
      },
    });

    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
    // A national number is read in the merchant's country (now DE); an empty website clears it.
    const second = await patch(staff.auth, { phone: '030 654321', website: '' });
    expect(second.json().result).toMatchObject({ phone: '+4930654321', website: null });

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchant.id), eq(auditLog.action, 'merchant.updated')));
    expect(audit.map((a) => a.actorUserId).sort()).toEqual([owner.user.id, staff.user.id].sort());
  });

  it('lets the owner choose to match returning buyers by e-mail, off until chosen, and refuses a non-boolean', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    expect((await get(owner.auth)).json().result.match_customers_by_email).toBe(false);
    const on = await patch(owner.auth, { match_customers_by_email: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().result.match_customers_by_email).toBe(true);
    expect((await get(owner.auth)).json().result.match_customers_by_email).toBe(true);
    const bad = await patch(owner.auth, { match_customers_by_email: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 'error',
      request_id: expect.any(String),
      errors: [{ path: 'match_customers_by_email', message: 'Choose on or off' }],
    });
  });

  it('refuses a sub-user with 403', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: merchant.id,
      access: { 8: [1, 2, 3, 4] },
    });
    const res = await patch(clerk.auth, { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect((await get(clerk.auth)).json().result.name).toBe(merchant.name);
  });

  it('refuses invalid fields with field errors', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const res = await patch(owner.auth, { email: 'nope', country: 'USA', website: 'acme' });
    expectFieldErrors(res, ['country', 'email', 'website']);
    const phone = await patch(owner.auth, { phone: 'call me' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual([{ path: 'phone', message: 'Enter a phone number' }]);
  });
});

describe('the business logo', () => {
  const PNG_KIND = { ext: 'png', contentType: 'image/png' } as const;
  const storedLogo = (merchantId: string) => imageStoreOf(t.ctx).save(merchantId, Buffer.from('png bytes'), PNG_KIND);
  const profileLogo = async (auth: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: auth })).json().result.merchant.logo;

  it('lets the owner set an uploaded image as the logo, shown in the session profile, and remove it', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const logo = await storedLogo(merchant.id);
    const set = await patch(owner.auth, { logo });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result.logo).toBe(logo);
    expect((await get(owner.auth)).json().result.logo).toBe(logo);
    // The header reads the logo from the signed-in user's merchant (docs/product-rules.md#layout).
    expect(await profileLogo(owner.auth)).toBe(logo);

    const otherField = await patch(owner.auth, { city: 'Oakland' });
    expect(otherField.json().result.logo).toBe(logo);

    const cleared = await patch(owner.auth, { logo: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().result.logo).toBeNull();
    expect(await profileLogo(owner.auth)).toBeNull();
  });

  it.each([
    ['an outside URL', 'https://tracker.example/pixel.png'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a path outside the uploads', '/apiv1/uploads/../../etc/passwd.png'],
    ['an upload path that was never uploaded', '/apiv1/uploads/0b6f2c1e-4d3a-4c5b-9e8f-7a6b5c4d3e2f.png'],
  ])('refuses %s with 400 on the logo field and keeps the logo', async (_label, logo) => {
    const merchant = await createMerchant(t.ctx.db);
    const current = await storedLogo(merchant.id);
    await t.ctx.database.query('update merchants set logo = $1 where id = $2', [current, merchant.id]);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const res = await patch(owner.auth, { logo });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'logo', message: 'Upload the image first' }]);
    expect((await get(owner.auth)).json().result.logo).toBe(current);
  });

  it('refuses a sub-user (role 3) who tries to change the logo', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: merchant.id,
      access: { [APP.PRODUCTS]: [1, 2, 3, 4] },
    });
    const res = await patch(clerk.auth, { logo: await storedLogo(merchant.id) });
    expect(res.statusCode).toBe(403);
    expect((await get(clerk.auth)).json().result.logo).toBeNull();
  });
});
