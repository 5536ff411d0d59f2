// Signing in with an authenticator app or a recovery code (second-factor.ts): the login answer names
// the methods, the challenge's tries are the mailed code's, a code is never accepted twice, one step
// of clock drift either way is accepted and two are not.
import { ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { appCode, enrolTotp, nextStep } from '../../../test/totp.ts';
import { auditLog } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());

let address = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/apiv1${url}`, payload, remoteAddress: `10.2.0.${(++address % 250) + 1}` });

async function totpUser() {
  const session = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN, firstName: 'Ada' });
  const enrolled = await enrolTotp(t, session.auth);
  return { ...session, ...enrolled };
}

async function login(account: { email: string; password: string }) {
  const res = await post('/auth/login/', { email: account.email, password: account.password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { otp_token: string; methods: string[] };
}

const verify = (otpToken: string, code: string, method?: string) =>
  post('/auth/verify-otp/', { otp_token: otpToken, code, ...(method ? { method } : {}) });

describe('sign-in with an authenticator app', () => {
  it('offers the app and recovery codes, mails no code, and signs in with a current code', async () => {
    const { account, secret } = await totpUser();
    const mailed = t.mail.sent.length;
    const { otp_token, methods } = await login(account);
    expect(methods).toEqual(['totp', 'recovery_code']);
    expect(t.mail.sent.length).toBe(mailed);
    const res = await verify(otp_token, appCode(t, secret), 'totp');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.user.id).toBe(account.id);
    expect(res.json().result.access).toBeTruthy();
  });

  it('counts a wrong code against the challenge’s tries', async () => {
    const { account, secret } = await totpUser();
    const { otp_token } = await login(account);
    const right = appCode(t, secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await verify(otp_token, wrong, 'totp');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'That code is not correct. 4 tries left.',
      errors: [{ path: 'code' }],
    });
    expect((await verify(otp_token, right, 'totp')).statusCode).toBe(200);
  });

  it('never accepts a code twice, even on a new challenge', async () => {
    const { account, secret } = await totpUser();
    const code = appCode(t, secret);
    expect((await verify((await login(account)).otp_token, code, 'totp')).statusCode).toBe(200);
    const again = await verify((await login(account)).otp_token, code, 'totp');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This code was already used. Wait for the next code in your app.');
    // Nor the previous step's code, once a later step was accepted.
    expect((await verify((await login(account)).otp_token, appCode(t, secret, -1), 'totp')).statusCode).toBe(400);
    nextStep(t);
    expect((await verify((await login(account)).otp_token, appCode(t, secret), 'totp')).statusCode).toBe(200);
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const { account, secret } = await totpUser();
    // Well past the confirming step, so the step before now is still unused.
    nextStep(t);
    nextStep(t);
    const tooEarly = await verify((await login(account)).otp_token, appCode(t, secret, -2), 'totp');
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().message).toBe('That code is not correct. 4 tries left.');
    const tooLate = await verify((await login(account)).otp_token, appCode(t, secret, 2), 'totp');
    expect(tooLate.statusCode).toBe(400);
    expect((await verify((await login(account)).otp_token, appCode(t, secret, -1), 'totp')).statusCode).toBe(200);
    expect((await verify((await login(account)).otp_token, appCode(t, secret, 1), 'totp')).statusCode).toBe(200);
  });

  it('does not take another user’s code, nor a code on another user’s challenge', async () => {
    const a = await totpUser();
    const b = await totpUser();
    const aChallenge = (await login(a.account)).otp_token;
    const res = await verify(aChallenge, appCode(t, b.secret), 'totp');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That code is not correct. 4 tries left.');
    // B's recovery code on A's challenge is no code of A's.
    expect((await verify(aChallenge, b.recoveryCodes[0]!, 'recovery_code')).statusCode).toBe(400);
    // And B's code still works for B: nothing of B's was spent.
    expect((await verify((await login(b.account)).otp_token, b.recoveryCodes[0]!, 'recovery_code')).statusCode).toBe(
      200,
    );
  });

  it('refuses the e-mail method for an account with an app: no code is mailed, none is resent', async () => {
    const { account } = await totpUser();
    const { otp_token } = await login(account);
    expect((await verify(otp_token, '123456')).statusCode).toBe(400);
    const resend = await post('/auth/resend-otp/', { otp_token });
    expect(resend.statusCode).toBe(400);
    expect(resend.json().message).toBe('This account signs in with its authenticator app or a recovery code.');
  });

  it('refuses the app method for an account without one; the mailed code keeps working by default', async () => {
    const { account } = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const { otp_token, methods } = await login(account);
    expect(methods).toEqual(['email']);
    const res = await verify(otp_token, '123456', 'totp');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('method');
    const code = t.mail.lastTo(account.email)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect((await verify(otp_token, code)).statusCode).toBe(200);
  });
});

describe('sign-in with a recovery code', () => {
  it('works once, as typed in any case without dashes; audited and mailed with the codes left', async () => {
    const { account, recoveryCodes } = await totpUser();
    const typed = recoveryCodes[3]!.replaceAll('-', '').toUpperCase();
    const res = await verify((await login(account)).otp_token, ` ${typed} `, 'recovery_code');
    expect(res.statusCode, res.body).toBe(200);
    const mail = t.mail.lastTo(account.email);
    expect(mail?.subject).toBe('A recovery code was used to sign in to your Kassa account');
    expect(mail?.text).toContain('9 unused codes are left.');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, account.id), eq(auditLog.action, 'recovery_code.used')));
    expect(audit).toHaveLength(1);

    const again = await verify((await login(account)).otp_token, recoveryCodes[3]!, 'recovery_code');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('That code is not correct. 4 tries left.');
  });

  it('old codes stop working once new ones are made; the new ones work', async () => {
    const { account, auth, recoveryCodes } = await totpUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/totp/recovery-codes/',
      headers: auth,
      payload: { password: account.password },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().result.recovery_codes as string[];
    expect((await verify((await login(account)).otp_token, recoveryCodes[0]!, 'recovery_code')).statusCode).toBe(400);
    expect((await verify((await login(account)).otp_token, fresh[0]!, 'recovery_code')).statusCode).toBe(200);
  });
});
