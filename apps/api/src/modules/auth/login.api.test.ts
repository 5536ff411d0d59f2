import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { lastOtpCode } from '../../../test/session.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/apiv1/auth/login/', payload });

describe('POST /apiv1/auth/login/', () => {
  it('mails a 6-digit code and answers with a challenge token and a masked e-mail', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, email: 'alice@kassa.test' });
    const res = await login({ email: 'Alice@Kassa.test ', password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      result: { otp_required: true, email_hint: 'a***e@kassa.test' },
    });
    expect(body.result.otp_token).toMatch(/^[\w-]{40,}$/);
    expect(body.result).not.toHaveProperty('access');
    expect(lastOtpCode(t.mail, 'alice@kassa.test')).toMatch(/^\d{6}$/);
    expect(t.mail.lastTo('alice@kassa.test')?.text).toContain('10 minutes');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const before = t.mail.sent.length;
    const wrong = await login({ email: user.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@kassa.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Same answer, but for the id every request gets of its own.
    expect({ ...wrong.json(), request_id: undefined }).toEqual({ ...unknown.json(), request_id: undefined });
    expect(wrong.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      code: 'unauthorized',
      message: 'Incorrect e-mail or password.',
    });
    expect(t.mail.sent.length).toBe(before);
  });

  it('spends about the same time on an unknown e-mail as on a wrong password', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const time = async (email: string) => {
      const started = performance.now();
      await login({ email, password: 'not-the-password' });
      return performance.now() - started;
    };
    // Both paths run one argon2id hash; without it the unknown e-mail would answer in ~1 ms.
    const unknown = Math.min(await time('ghost-1@kassa.test'), await time('ghost-2@kassa.test'));
    const wrong = Math.min(await time(user.email), await time(user.email));
    expect(unknown).toBeGreaterThan(wrong / 4);
  });

  it('refuses invalid input with field errors', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', code: 'invalid_input' });
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'password']);
  });

  it('tells a deactivated user so, but only after the right password', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, isActive: false });
    expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    const res = await login({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is deactivated. Contact your administrator.');
  });

  it('refuses users of a blocked or removed merchant with the blocked message', async () => {
    const blocked = await createMerchant(t.ctx.db, { isBlocked: true });
    const removed = await createMerchant(t.ctx.db, { removedAt: new Date() });
    for (const merchant of [blocked, removed]) {
      const owner = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
      expect((await login({ email: owner.email, password: 'wrong-password' })).json().message).toBe(
        'Incorrect e-mail or password.',
      );
      const res = await login({ email: owner.email, password: owner.password });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BLOCKED_MERCHANT_MESSAGE);
    }
  });

  it('limits attempts per address and e-mail with 429 and a message', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: user.email, password: `wrong-${i}-password` })).statusCode).toBe(401);
    }
    const limited = await login({ email: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    // Another account from the same address is not locked out.
    const other = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
  });
});

describe('POST /apiv1/auth/login/ with KASSA_OTP=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ KASSA_OTP: 'off' });
  });
  afterAll(() => off.close());

  it('returns tokens and the user at once, without mailing a code', async () => {
    const user = await createUser(off.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const res = await off.app.inject({
      method: 'POST',
      url: '/apiv1/auth/login/',
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ otp_required: false, user: { id: user.id, role: 1, merchant: null } });
    expect(off.mail.sent).toHaveLength(0);
    const profile = await off.app.inject({
      method: 'GET',
      url: '/apiv1/auth/profile/',
      headers: { authorization: `Bearer ${result.access}` },
    });
    expect(profile.statusCode).toBe(200);
  });
});
