// Required second factors: who may set the rules, what a session without a factor can still do, and
// that the last factor of someone under a rule stays (second-factor-rules.service.ts, plugins/auth.ts).
import { ROLE } from '@kassa/contract/access';
import { LAST_FACTOR_REQUIRED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE } from '@kassa/contract/second-factor-rules';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { registerPasskey } from '../../../test/passkeys.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { appCode, enrolTotp } from '../../../test/totp.ts';
import { auditLog, platformSettings } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
// The platform rule is one row for the whole database: every test starts with it off.
afterEach(async () => {
  await t.ctx.db.delete(platformSettings);
});

type Auth = TestSession['auth'] | undefined;
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url: `/apiv1${url}`, headers: auth, ...(payload ? { payload } : {}) });

const ADMIN_RULE = '/superadmin/second-factor-rule/';
const MERCHANT_RULE = '/auth/merchant-second-factor-rule/';
const ADMIN_PAGE = '/superadmin/admin/';
const MERCHANT_PAGE = '/auth/merchant-profile/';

async function setRule(url: string, auth: Auth, on: boolean) {
  const res = await call('PUT', url, auth, { require_second_factor: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().result).toEqual({ require_second_factor: on });
}

function expectEnrolmentOnly(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({
    status: 'error',
    code: 'second_factor_required',
    message: SECOND_FACTOR_REQUIRED_MESSAGE,
  });
}

async function merchantWithOwner() {
  const merchant = await createMerchant(t.ctx.db);
  const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  return { merchant, owner };
}

describe('with no rule', () => {
  it('admins and merchant users without a second factor work as before', async () => {
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const { owner } = await merchantWithOwner();
    expect((await call('GET', ADMIN_PAGE, admin.auth)).statusCode).toBe(200);
    expect((await call('GET', MERCHANT_PAGE, owner.auth)).statusCode).toBe(200);
    expect((await call('GET', ADMIN_RULE, admin.auth)).json().result).toEqual({ require_second_factor: false });
    expect((await call('GET', MERCHANT_RULE, owner.auth)).json().result).toEqual({ require_second_factor: false });
  });
});

describe('the platform rule for admins', () => {
  it('limits an admin without a factor to enrolment, and the same session goes on once enrolled', async () => {
    const setter = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    await enrolTotp(t, setter.auth);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const staff = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_merchant: 1 } });
    const { owner } = await merchantWithOwner();

    await setRule(ADMIN_RULE, setter.auth, true);
    expect((await call('GET', ADMIN_PAGE, setter.auth)).statusCode).toBe(200);
    expectEnrolmentOnly(await call('GET', ADMIN_PAGE, admin.auth));
    expectEnrolmentOnly(await call('GET', '/admin/merchant/', staff.auth));
    // Merchant users answer to their merchant's rule, not the platform's.
    expect((await call('GET', MERCHANT_PAGE, owner.auth)).statusCode).toBe(200);

    // What enrolling needs still answers: who am I, the app set-up, passkeys, signing out.
    expect((await call('GET', '/auth/profile/', admin.auth)).statusCode).toBe(200);
    expect((await call('GET', '/auth/totp/', admin.auth)).statusCode).toBe(200);
    expect((await call('GET', '/auth/passkeys/', admin.auth)).statusCode).toBe(200);

    await enrolTotp(t, admin.auth);
    expect((await call('GET', ADMIN_PAGE, admin.auth)).statusCode).toBe(200);
    await registerPasskey(t, staff.auth);
    expect((await call('GET', '/admin/merchant/', staff.auth)).statusCode).toBe(200);
  });

  it('an admin with a factor signs in with it and works normally', async () => {
    const first = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const { secret } = await enrolTotp(t, first.auth);
    await setRule(ADMIN_RULE, first.auth, true);

    const login = await call('POST', '/auth/login/', undefined, {
      email: first.account.email,
      password: first.account.password,
    });
    expect(login.json().result.methods).toContain('totp');
    const verify = await call('POST', '/auth/verify-otp/', undefined, {
      otp_token: login.json().result.otp_token,
      code: appCode(t, secret),
      method: 'totp',
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const auth = { authorization: `Bearer ${verify.json().result.access}` };
    expect((await call('GET', ADMIN_PAGE, auth)).statusCode).toBe(200);
  });

  it('only a platform admin may change it; the change is audited', async () => {
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const staff = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_merchant: 1 } });
    const { owner } = await merchantWithOwner();
    for (const who of [staff, owner]) {
      const res = await call('PUT', ADMIN_RULE, who.auth, { require_second_factor: true });
      expect(res.statusCode).toBe(403);
      expect((await call('GET', ADMIN_RULE, who.auth)).statusCode).toBe(403);
    }
    expect((await call('PUT', ADMIN_RULE, undefined, { require_second_factor: true })).statusCode).toBe(401);
    const bad = await call('PUT', ADMIN_RULE, admin.auth, { require_second_factor: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('require_second_factor');
    expect((await call('GET', ADMIN_RULE, admin.auth)).json().result.require_second_factor).toBe(false);

    await setRule(ADMIN_RULE, admin.auth, true);
    await enrolTotp(t, admin.auth);
    await setRule(ADMIN_RULE, admin.auth, false);
    const actions = await t.ctx.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_factor_rule.admins_changed'), eq(auditLog.actorUserId, admin.user.id)));
    expect(actions.map((a) => a.data)).toEqual([{ require_second_factor: true }, { require_second_factor: false }]);
  });
});

describe("a merchant's rule for its users", () => {
  it("limits that merchant's users without a factor, and no one else", async () => {
    const { merchant, owner } = await merchantWithOwner();
    await registerPasskey(t, owner.auth);
    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
    const other = await merchantWithOwner();
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });

    await setRule(MERCHANT_RULE, owner.auth, true);
    expect((await call('GET', MERCHANT_PAGE, owner.auth)).statusCode).toBe(200);
    expectEnrolmentOnly(await call('GET', MERCHANT_PAGE, staff.auth));
    expect((await call('GET', MERCHANT_PAGE, other.owner.auth)).statusCode).toBe(200);
    expect((await call('GET', ADMIN_PAGE, admin.auth)).statusCode).toBe(200);
    expect((await call('GET', MERCHANT_RULE, other.owner.auth)).json().result.require_second_factor).toBe(false);

    await enrolTotp(t, staff.auth);
    expect((await call('GET', MERCHANT_PAGE, staff.auth)).statusCode).toBe(200);
  });

  it("only the merchant's own owner may change it, for its own merchant only", async () => {
    const { merchant, owner } = await merchantWithOwner();
    const other = await merchantWithOwner();
    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    for (const who of [staff, admin]) {
      expect((await call('PUT', MERCHANT_RULE, who.auth, { require_second_factor: true })).statusCode).toBe(403);
    }
    expect((await call('PUT', MERCHANT_RULE, owner.auth, {})).statusCode).toBe(400);

    // The other owner's change is theirs: this merchant's users are untouched.
    await setRule(MERCHANT_RULE, other.owner.auth, true);
    expect((await call('GET', MERCHANT_RULE, owner.auth)).json().result.require_second_factor).toBe(false);
    expect((await call('GET', MERCHANT_PAGE, staff.auth)).statusCode).toBe(200);
    const audited = await t.ctx.db
      .select({ merchantId: auditLog.merchantId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'second_factor_rule.users_changed'),
          inArray(auditLog.merchantId, [merchant.id, other.merchant.id]),
        ),
      );
    expect(audited).toEqual([{ merchantId: other.merchant.id }]);
  });
});

describe('removing the last factor under a rule', () => {
  it('is refused with 409; with two factors one of them may go', async () => {
    const { merchant, owner } = await merchantWithOwner();
    const user = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
    const { passkey } = await registerPasskey(t, user.auth);
    await enrolTotp(t, user.auth);
    await registerPasskey(t, owner.auth);
    await setRule(MERCHANT_RULE, owner.auth, true);

    const dropKey = await call('DELETE', `/auth/passkeys/${passkey.id}/`, user.auth);
    expect(dropKey.statusCode, dropKey.body).toBe(200);
    const dropApp = await call('DELETE', '/auth/totp/', user.auth, { password: user.account.password });
    expect(dropApp.statusCode).toBe(409);
    expect(dropApp.json().message).toBe(LAST_FACTOR_REQUIRED_MESSAGE);
    expect((await call('GET', '/auth/totp/', user.auth)).json().result.enabled).toBe(true);

    // Without the rule the last factor may go, as before.
    await setRule(MERCHANT_RULE, owner.auth, false);
    expect((await call('DELETE', '/auth/totp/', user.auth, { password: user.account.password })).statusCode).toBe(200);
  });

  it('keeps the last passkey of an admin under the platform rule', async () => {
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const { passkey } = await registerPasskey(t, admin.auth);
    await setRule(ADMIN_RULE, admin.auth, true);
    const res = await call('DELETE', `/auth/passkeys/${passkey.id}/`, admin.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LAST_FACTOR_REQUIRED_MESSAGE);
    expect((await call('GET', '/auth/passkeys/', admin.auth)).json().result.passkeys).toHaveLength(1);
  });
});
