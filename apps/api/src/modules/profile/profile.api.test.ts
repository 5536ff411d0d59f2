import { ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const get = (auth?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: auth ?? {} });
const patch = (auth: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/apiv1/auth/profile/', headers: auth, payload });

describe('GET /apiv1/auth/profile/', () => {
  it('gives a platform admin and a staff admin no merchant', async () => {
    for (const role of [ROLE.PLATFORM_ADMIN, ROLE.STAFF_ADMIN]) {
      const s = await createSignedInUser(t, { role, firstName: 'Pat', lastName: 'Admin' });
      const res = await get(s.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({ role, first_name: 'Pat', last_name: 'Admin', merchant: null });
    }
  });

  it("gives a sub-merchant's user its branding, hub statuses and the master merchant's logo", async () => {
    const master = await createMerchant(t.ctx.db, { name: 'Acme Outfitters', logo: '/uploads/acme.png' });
    const sub = await createMerchant(t.ctx.db, {
      name: 'Bolt Bikes',
      logo: '/uploads/bolt.png',
      masterMerchantId: master.id,
      financeHubStatus: 1,
      allowConnections: true,
    });
    const subOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: sub.id });
    expect((await get(subOwner.auth)).json().result.merchant).toEqual({
      id: sub.id,
      name: 'Bolt Bikes',
      logo: '/uploads/bolt.png',
      master_merchant_logo: '/uploads/acme.png',
      payment_hub_status: 3,
      finance_hub_status: 1,
      is_master: false,
      allow_connections: true,
    });
    const masterStaff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: master.id });
    expect((await get(masterStaff.auth)).json().result.merchant).toMatchObject({
      id: master.id,
      master_merchant_logo: null,
      is_master: true,
      allow_connections: false,
    });
  });

  it('needs a signed-in user', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', code: 'unauthorized' });
  });
});

describe('PATCH /apiv1/auth/profile/', () => {
  it('updates names, the notification flag and stores the phone in E.164', async () => {
    const merchant = await createMerchant(t.ctx.db, { country: 'GB' });
    const s = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId: merchant.id });
    const res = await patch(s.auth, {
      first_name: ' Jane ',
      last_name: 'Doe',
      phone: '020 7946 0958',
      send_notification: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      first_name: 'Jane',
      last_name: 'Doe',
      phone: '+442079460958',
      send_notification: false,
    });
    expect((await get(s.auth)).json().result.send_notification).toBe(false);
  });

  it('changes only what is sent and clears the phone with null', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN, firstName: 'Kim', phone: '+14155552671' });
    const res = await patch(s.auth, { phone: null });
    expect(res.json().result).toMatchObject({ first_name: 'Kim', phone: null, send_notification: true });
  });

  it('refuses an invalid phone and an empty name with field errors', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const phone = await patch(s.auth, { phone: '12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual([{ path: 'phone', message: expect.any(String) }]);
    const name = await patch(s.auth, { first_name: '  ', send_notification: 'yes' });
    expectFieldErrors(name, ['first_name', 'send_notification']);
  });
});
