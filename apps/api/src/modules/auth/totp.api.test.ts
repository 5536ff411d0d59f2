// The two-step settings of the signed-in user: setting up an authenticator app, its recovery codes,
// and removing it (totp.service.ts).
import { ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { alignToStep, appCode, enrolTotp, nextStep } from '../../../test/totp.ts';
import { auditLog, userTotp } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth?: TestSession['auth'], payload?: object) =>
  t.app.inject({ method, url: `/apiv1${url}`, headers: auth, ...(payload ? { payload } : {}) });

const newUser = (opts: { merchantId?: string } = {}) =>
  createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN, firstName: 'Ada', ...opts });

const auditActions = async (userId: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)))
  )
    .map((r) => r.action)
    .sort();

const loginMethods = async (email: string, password: string) => {
  const res = await call('POST', '/auth/login/', undefined, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.methods as string[];
};

describe('POST /apiv1/auth/totp/ and /confirm/', () => {
  it('starts with a base32 secret, its otpauth URL and a QR code, and stores the secret sealed', async () => {
    const { auth, account } = await newUser();
    expect((await call('GET', '/auth/totp/', auth)).json().result).toEqual({
      enabled: false,
      confirmed_at: null,
      recovery_codes_left: 0,
    });
    const res = await call('POST', '/auth/totp/', auth);
    expect(res.statusCode, res.body).toBe(200);
    const { secret, otpauth_url, qr_svg } = res.json().result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Kassa');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(account.email);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const [row] = await t.ctx.db.select().from(userTotp).where(eq(userTotp.userId, account.id));
    expect(row?.secret).toBeDefined();
    expect(row?.secret).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();
    // Not yet a second factor: sign-in still mails a code.
    expect(await loginMethods(account.email, account.password)).toEqual(['email']);
  });

  it('turns the app on with its first code and answers ten recovery codes, once', async () => {
    const { auth, account } = await newUser();
    const { recoveryCodes } = await enrolTotp(t, auth);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const status = (await call('GET', '/auth/totp/', auth)).json().result;
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(await auditActions(account.id)).toEqual(['totp.enabled']);
    expect(t.mail.lastTo(account.email)?.subject).toBe('An authenticator app was added to your Kassa account');
    expect(await loginMethods(account.email, account.password)).toEqual(['totp', 'recovery_code']);

    // A second set-up is refused while one is on; the confirmation cannot be replayed either.
    expect((await call('POST', '/auth/totp/', auth)).statusCode).toBe(409);
    expect((await call('POST', '/auth/totp/confirm/', auth, { code: '123456' })).statusCode).toBe(409);
  });

  it('refuses a wrong first code, and a code of another user’s secret', async () => {
    const a = await newUser();
    const b = await newUser();
    await call('POST', '/auth/totp/', a.auth);
    const bSecret = (await call('POST', '/auth/totp/', b.auth)).json().result.secret;
    alignToStep(t);
    const res = await call('POST', '/auth/totp/confirm/', a.auth, { code: appCode(t, bSecret) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'code', message: expect.stringMatching(/^That code is not correct/) }]);
    const malformed = await call('POST', '/auth/totp/confirm/', a.auth, { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect((await call('GET', '/auth/totp/', a.auth)).json().result.enabled).toBe(false);
  });

  it('needs a set-up to confirm, and a session', async () => {
    const { auth } = await newUser();
    expect((await call('POST', '/auth/totp/confirm/', auth, { code: '123456' })).statusCode).toBe(409);
    expect((await call('POST', '/auth/totp/')).statusCode).toBe(401);
    expect((await call('POST', '/auth/totp/confirm/', undefined, { code: '123456' })).statusCode).toBe(401);
    expect((await call('DELETE', '/auth/totp/', undefined, { password: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/totp/recovery-codes/', undefined, { password: 'x' })).statusCode).toBe(401);
  });

  it('a restarted set-up replaces the secret: the first one’s code no longer confirms', async () => {
    const { auth } = await newUser();
    const first = (await call('POST', '/auth/totp/', auth)).json().result.secret;
    const second = (await call('POST', '/auth/totp/', auth)).json().result.secret;
    expect(second).not.toBe(first);
    alignToStep(t);
    expect((await call('POST', '/auth/totp/confirm/', auth, { code: appCode(t, first) })).statusCode).toBe(400);
    expect((await call('POST', '/auth/totp/confirm/', auth, { code: appCode(t, second) })).statusCode).toBe(200);
  });
});

describe('DELETE /apiv1/auth/totp/', () => {
  it('asks for the password or a current code, then turns the app off and says so by e-mail', async () => {
    const { auth, account } = await newUser();
    await enrolTotp(t, auth);
    const none = await call('DELETE', '/auth/totp/', auth, {});
    expect(none.statusCode).toBe(400);
    const wrong = await call('DELETE', '/auth/totp/', auth, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: 'The password is not correct.' }]);
    expect((await call('GET', '/auth/totp/', auth)).json().result.enabled).toBe(true);

    const res = await call('DELETE', '/auth/totp/', auth, { password: account.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/auth/totp/', auth)).json().result.enabled).toBe(false);
    expect(await auditActions(account.id)).toEqual(['totp.enabled', 'totp.removed']);
    expect(t.mail.lastTo(account.email)?.subject).toBe('The authenticator app was removed from your Kassa account');
    expect(await loginMethods(account.email, account.password)).toEqual(['email']);
    expect((await call('DELETE', '/auth/totp/', auth, { password: account.password })).statusCode).toBe(409);
  });

  it('takes a current code once: the same code cannot be replayed', async () => {
    const { auth } = await newUser();
    const { secret } = await enrolTotp(t, auth);
    // Spend the current step on a regeneration, then try the same code to remove the app.
    const code = appCode(t, secret);
    expect((await call('POST', '/auth/totp/recovery-codes/', auth, { code })).statusCode).toBe(200);
    const replay = await call('DELETE', '/auth/totp/', auth, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This code was already used. Wait for the next code in your app.');
    nextStep(t);
    expect((await call('DELETE', '/auth/totp/', auth, { code: appCode(t, secret) })).statusCode).toBe(200);
  });
});

describe('POST /apiv1/auth/totp/recovery-codes/', () => {
  it('answers ten new codes behind the password; audited and mailed', async () => {
    const { auth, account } = await newUser();
    const { recoveryCodes } = await enrolTotp(t, auth);
    expect((await call('POST', '/auth/totp/recovery-codes/', auth, { password: 'wrong-password' })).statusCode).toBe(
      400,
    );
    const res = await call('POST', '/auth/totp/recovery-codes/', auth, { password: account.password });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().result.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect(await auditActions(account.id)).toEqual(['recovery_codes.regenerated', 'totp.enabled']);
    expect(t.mail.lastTo(account.email)?.subject).toBe('Your Kassa recovery codes were regenerated');
  });

  it('is refused without an app', async () => {
    const { auth, account } = await newUser();
    expect((await call('POST', '/auth/totp/recovery-codes/', auth, { password: account.password })).statusCode).toBe(
      409,
    );
  });
});
