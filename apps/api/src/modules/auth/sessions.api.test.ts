// The signed-in devices of a user: listed with browser and system, last seen moved by a refresh,
// signed out one by one, all others at once, or everywhere by an admin or the merchant's owner.
import { ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { lastOtpCode } from '../../../test/session.ts';
import { MINUTE } from '../../lib/clock.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let address = 0;
const nextAddress = () => `10.44.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

/** Signs in from a browser with the given User-Agent, through login and the mailed code. */
async function signInFrom(account: { email: string; password: string }, userAgent: string) {
  const headers = { 'user-agent': userAgent };
  const remoteAddress = nextAddress();
  const login = await t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/login/',
    payload: account,
    headers,
    remoteAddress,
  });
  expect(login.statusCode, login.body).toBe(200);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/verify-otp/',
    payload: { otp_token: login.json().result.otp_token, code: lastOtpCode(t.mail, account.email) },
    headers,
    remoteAddress,
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const { access, refresh } = verify.json().result;
  return { access, refresh, auth: { authorization: `Bearer ${access}` } };
}

const sessions = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/sessions/', headers: auth });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/apiv1/auth/token/refresh/', payload: { refresh: token } });
const profile = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: auth });

async function twoDevices(role: number = ROLE.PLATFORM_ADMIN, merchantId: string | null = null) {
  const account = await createUser(t.ctx.db, { role, merchantId });
  const laptop = await signInFrom(account, FIREFOX_LINUX);
  const phone = await signInFrom(account, SAFARI_IPHONE);
  return { account, laptop, phone };
}

describe('GET /apiv1/auth/sessions/', () => {
  it('lists each signed-in device with browser, system and the current one marked', async () => {
    const { laptop } = await twoDevices();
    const res = await sessions(laptop.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json().result.sessions;
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Firefox 128', os: 'Linux', is_current: true, place: 'Unknown' }),
        expect.objectContaining({ browser: 'Safari 17', os: 'iOS 17.5', is_current: false }),
      ]),
    );
  });

  it('moves "last seen" when the device refreshes its session, not when it only calls the API', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneRow = async () =>
      (await sessions(laptop.auth)).json().result.sessions.find((s: { is_current: boolean }) => !s.is_current);
    const before = await phoneRow();
    t.clock.advance(5 * MINUTE);
    await profile(phone.auth);
    expect((await phoneRow()).last_seen_at).toBe(before.last_seen_at);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
    const after = await phoneRow();
    expect(after.id).toBe(before.id);
    expect(after.signed_in_at).toBe(before.signed_in_at);
    expect(Date.parse(after.last_seen_at) - Date.parse(before.last_seen_at)).toBeGreaterThanOrEqual(5 * MINUTE);
  });
});

describe('signing sessions out', () => {
  it('signs one device out: its tokens stop working, the others keep going, the user is told', async () => {
    const { account, laptop, phone } = await twoDevices();
    const phoneId = (await sessions(laptop.auth))
      .json()
      .result.sessions.find((s: { is_current: boolean }) => !s.is_current).id;
    const res = await t.app.inject({ method: 'DELETE', url: `/apiv1/auth/sessions/${phoneId}/`, headers: laptop.auth });
    expect(res.statusCode).toBe(200);
    expect((await profile(phone.auth)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await profile(laptop.auth)).statusCode).toBe(200);
    expect((await sessions(laptop.auth)).json().result.sessions).toHaveLength(1);
    expect(t.mail.lastTo(account.email)?.subject).toBe('A device was signed out of your Kassa account');
    expect(t.mail.lastTo(account.email)?.text).toContain('Safari 17 on iOS 17.5');

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/auth/sessions/${phoneId}/`,
      headers: laptop.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another user’s session and 400 for a malformed id', async () => {
    const a = await twoDevices();
    const b = await twoDevices();
    const bSession = (await sessions(b.laptop.auth)).json().result.sessions[0].id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/auth/sessions/${bSession}/`,
      headers: a.laptop.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This session does not exist or has already ended.');
    expect((await profile(b.laptop.auth)).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'DELETE', url: '/apiv1/auth/sessions/123/', headers: a.laptop.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('signs every other device out and keeps the current one', async () => {
    const { account, laptop, phone } = await twoDevices();
    const third = await signInFrom(account, FIREFOX_LINUX);
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/sessions/sign-out-others/',
      headers: laptop.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: { signed_out: 2 }, message: 'Signed out on 2 other devices.' });
    expect((await profile(phone.auth)).statusCode).toBe(401);
    expect((await profile(third.auth)).statusCode).toBe(401);
    expect((await profile(laptop.auth)).statusCode).toBe(200);
    expect(t.mail.lastTo(account.email)?.subject).toBe('Your Kassa account was signed out on other devices');
  });

  it('a password change signs out every other session', async () => {
    const { account, laptop, phone } = await twoDevices();
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/change-password/',
      headers: laptop.auth,
      payload: { old_password: account.password, new_password: 'A-much-longer-new-passphrase-42' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(phone.auth)).statusCode).toBe(401);
    expect((await sessions(laptop.auth)).json().result.sessions).toHaveLength(1);
  });
});

describe('POST /apiv1/auth/sessions/users/{id}/sign-out/', () => {
  const signOutUser = (auth: Record<string, string>, id: string) =>
    t.app.inject({ method: 'POST', url: `/apiv1/auth/sessions/users/${id}/sign-out/`, headers: auth });

  it('lets a platform admin sign any user out everywhere', async () => {
    const admin = await signInFrom(await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN }), FIREFOX_LINUX);
    const merchant = await createMerchant(t.ctx.db);
    const target = await twoDevices(ROLE.MERCHANT_STAFF, merchant.id);
    const res = await signOutUser(admin.auth, target.account.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.signed_out).toBe(2);
    expect((await profile(target.laptop.auth)).statusCode).toBe(401);
    expect((await profile(target.phone.auth)).statusCode).toBe(401);
    expect(t.mail.lastTo(target.account.email)?.text).toContain(
      'An administrator signed your account out on every device.',
    );
  });

  it('lets a merchant owner sign its own users out, nobody else’s', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const other = await createMerchant(t.ctx.db);
    const owner = await signInFrom(
      await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id }),
      FIREFOX_LINUX,
    );
    const mine = await twoDevices(ROLE.MERCHANT_SUB_USER, merchant.id);
    const theirs = await twoDevices(ROLE.MERCHANT_STAFF, other.id);
    expect((await signOutUser(owner.auth, mine.account.id)).statusCode).toBe(200);
    expect((await profile(mine.laptop.auth)).statusCode).toBe(401);
    const refused = await signOutUser(owner.auth, theirs.account.id);
    expect(refused.statusCode).toBe(404);
    expect((await profile(theirs.laptop.auth)).statusCode).toBe(200);
  });

  it('refuses staff, sub-users and staff admins (403), and answers 404 for an unknown user', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const target = await twoDevices(ROLE.MERCHANT_SUB_USER, merchant.id);
    for (const [role, merchantId] of [
      [ROLE.MERCHANT_STAFF, merchant.id],
      [ROLE.MERCHANT_SUB_USER, merchant.id],
      [ROLE.STAFF_ADMIN, null],
    ] as const) {
      const s = await signInFrom(await createUser(t.ctx.db, { role, merchantId }), FIREFOX_LINUX);
      expect((await signOutUser(s.auth, target.account.id)).statusCode).toBe(403);
    }
    expect((await profile(target.laptop.auth)).statusCode).toBe(200);
    const admin = await signInFrom(await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN }), FIREFOX_LINUX);
    expect((await signOutUser(admin.auth, crypto.randomUUID())).statusCode).toBe(404);
  });
});
