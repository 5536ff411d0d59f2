import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { lastOtpCode } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { merchants } from '../../db/schema.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';
import { MINUTE } from '../../lib/clock.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/apiv1${url}`, payload });

/** A fresh user and its sign-in challenge (login done, code mailed). */
async function challenge(opts: Partial<Parameters<typeof createUser>[1]> = {}) {
  const user: TestUser = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, ...opts });
  const res = await post('/auth/login/', { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  return { user, otpToken: res.json().result.otp_token as string, code: lastOtpCode(t.mail, user.email) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /apiv1/auth/verify-otp/', () => {
  it('signs in with the mailed code: tokens and the user, and the access token works', async () => {
    const { user, otpToken, code } = await challenge({ firstName: 'Ada', lastName: 'Admin' });
    const res = await post('/auth/verify-otp/', { otp_token: otpToken, code });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.user).toEqual({
      id: user.id,
      role: 1,
      first_name: 'Ada',
      last_name: 'Admin',
      email: user.email,
      phone: null,
      image: null,
      send_notification: true,
      locale: null,
      merchant: null,
    });
    expect(result.refresh).toMatch(/^[\w-]{40,}$/);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/apiv1/auth/profile/',
      headers: { authorization: `Bearer ${result.access}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().result.id).toBe(user.id);
  });

  it('refuses a code used once already', async () => {
    const { otpToken, code } = await challenge();
    expect((await post('/auth/verify-otp/', { otp_token: otpToken, code })).statusCode).toBe(200);
    const again = await post('/auth/verify-otp/', { otp_token: otpToken, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This code was already used. Please sign in again.');
  });

  it('refuses a code after its 10 minutes', async () => {
    const { otpToken, code } = await challenge();
    t.clock.advance(10 * MINUTE + 1000);
    const res = await post('/auth/verify-otp/', { otp_token: otpToken, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Ask for a new code or sign in again.');
  });

  it('counts wrong codes down and voids the challenge at the fifth', async () => {
    const { otpToken, code } = await challenge();
    const bad = wrongCode(code);
    const first = await post('/auth/verify-otp/', { otp_token: otpToken, code: bad });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      code: 'invalid_input',
      message: 'That code is not correct. 4 tries left.',
      errors: [{ path: 'code', message: 'That code is not correct. 4 tries left.' }],
    });
    for (let i = 0; i < 3; i++) await post('/auth/verify-otp/', { otp_token: otpToken, code: bad });
    const fifth = await post('/auth/verify-otp/', { otp_token: otpToken, code: bad });
    expect(fifth.json().message).toBe('Too many wrong codes. Please sign in again.');
    // Even the right code no longer works.
    const right = await post('/auth/verify-otp/', { otp_token: otpToken, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Please sign in again.');
  });

  it('refuses malformed input with field errors', async () => {
    const res = await post('/auth/verify-otp/', { otp_token: 'short', code: '12ab' });
    expectFieldErrors(res, ['code', 'otp_token']);
  });

  it('refuses an unknown challenge token', async () => {
    const res = await post('/auth/verify-otp/', { otp_token: 'x'.repeat(43), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code is no longer valid. Please sign in again.');
  });

  it('refuses the code when the merchant was blocked after the password step', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const { otpToken, code } = await challenge({ role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    await t.ctx.db.update(merchants).set({ isBlocked: true }).where(eq(merchants.id, merchant.id));
    const res = await post('/auth/verify-otp/', { otp_token: otpToken, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BLOCKED_MERCHANT_MESSAGE);
  });

  it('limits requests against one challenge with 429 and a message', async () => {
    const { otpToken, code } = await challenge();
    for (let i = 0; i < 10; i++) {
      expect((await post('/auth/verify-otp/', { otp_token: otpToken, code: wrongCode(code) })).statusCode).toBe(400);
    }
    const limited = await post('/auth/verify-otp/', { otp_token: otpToken, code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts/),
    });
  });
});

describe('POST /apiv1/auth/resend-otp/', () => {
  it('mails a new code; the old one stops working and the new one signs in', async () => {
    const { user, otpToken, code: oldCode } = await challenge();
    t.clock.advance(31_000);
    const res = await post('/auth/resend-otp/', { otp_token: otpToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', result: { resend_in: 30 } });
    const newCode = lastOtpCode(t.mail, user.email);
    if (newCode !== oldCode) {
      const old = await post('/auth/verify-otp/', { otp_token: otpToken, code: oldCode });
      expect(old.statusCode).toBe(400);
      expect(old.json().errors[0].path).toBe('code');
    }
    expect((await post('/auth/verify-otp/', { otp_token: otpToken, code: newCode })).statusCode).toBe(200);
  });

  it('asks to wait 30 seconds between codes', async () => {
    const { otpToken } = await challenge();
    t.clock.advance(10_000);
    const res = await post('/auth/resend-otp/', { otp_token: otpToken });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Wait 20 seconds before asking for a new code.',
    });
    expect(res.headers['retry-after']).toBe('20');
  });

  it('sends at most 5 codes per sign-in', async () => {
    const { otpToken } = await challenge();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(31_000);
      expect((await post('/auth/resend-otp/', { otp_token: otpToken })).statusCode).toBe(200);
    }
    t.clock.advance(31_000);
    const res = await post('/auth/resend-otp/', { otp_token: otpToken });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many codes were sent. Please sign in again.');
  });

  it('refuses a used challenge', async () => {
    const { otpToken, code } = await challenge();
    await post('/auth/verify-otp/', { otp_token: otpToken, code });
    t.clock.advance(31_000);
    const res = await post('/auth/resend-otp/', { otp_token: otpToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code is no longer valid. Please sign in again.');
  });
});
