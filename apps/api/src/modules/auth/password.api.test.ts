import { ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { signIn } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { auditLog, passwordTokens } from '../../db/schema.ts';
import { HOUR } from '../../lib/clock.ts';
import { holdDetachedWork, settleDetachedWork } from '../../lib/detached-work.ts';
import { createPasswordToken, INVITE_TOKEN_TTL_MS } from './password-tokens.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/apiv1${url}`, payload, headers });
const profile = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: auth });
const login = (email: string, password: string) => post('/auth/login/', { email, password });
const changePassword = (auth: { authorization: string }, old_password: string, new_password: string) =>
  post('/auth/change-password/', { old_password, new_password }, auth);

/** The token of the newest reset link mailed to `email`, once the mail went out after the answer. */
async function mailedResetToken(email: string): Promise<string> {
  await settleDetachedWork();
  const link = t.mail.lastTo(email)?.text.match(/http:\/\/kassa\.test\/reset-password\?token=(\S+)/)?.[1];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(link);
}

const auditActions = async (userId: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)))
  ).map((a) => a.action);

describe('POST /apiv1/auth/forgot-password/', () => {
  it('answers the same for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const known = await post('/auth/forgot-password/', { email: user.email });
    const unknown = await post('/auth/forgot-password/', { email: 'ghost@kassa.test' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      status: 'success',
      message: 'If an account exists for that e-mail, we have sent a link to reset the password.',
    });
    expect(await mailedResetToken(user.email)).toMatch(/^[\w-]{40,}$/);
    expect(t.mail.lastTo('ghost@kassa.test')).toBeUndefined();
  });

  it('answers before looking the account up: no query, token or mail on the request path', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const mailsBefore = t.mail.sent.length;
    const release = holdDetachedWork();
    let queries = 0;
    const realDb = t.ctx.db;
    // Any use of the database while the answer is being made is counted.
    t.ctx.db = new Proxy(realDb, {
      get(target, prop, receiver) {
        queries++;
        return Reflect.get(target, prop, receiver);
      },
    });
    try {
      const known = await post('/auth/forgot-password/', { email: user.email });
      const unknown = await post('/auth/forgot-password/', { email: 'nobody-here@kassa.test' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(queries).toBe(0);
      expect(t.mail.sent.length).toBe(mailsBefore);
    } finally {
      t.ctx.db = realDb;
      release();
    }
    // The work still happens, after the answer.
    expect(await mailedResetToken(user.email)).toMatch(/^[\w-]{40,}$/);
    const tokens = await t.ctx.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
  });

  it('refuses a malformed e-mail with a field error', async () => {
    const res = await post('/auth/forgot-password/', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'email', message: 'Enter a valid e-mail address' }]);
  });

  it('is rate-limited per address and e-mail', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/forgot-password/', { email: 'flood@kassa.test' })).statusCode).toBe(200);
    const limited = await post('/auth/forgot-password/', { email: 'flood@kassa.test' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
  });
});

describe('POST /apiv1/auth/reset-password/', () => {
  it('sets the new password once, ends every session and writes the audit log', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const session = await signIn(t, user.email, user.password);
    await post('/auth/forgot-password/', { email: user.email });
    const token = await mailedResetToken(user.email);

    const res = await post('/auth/reset-password/', { token, password: 'Brand-new-secret-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been set. You can sign in now.');
    // A reset link starts no session: the user signs in again, with the code.
    expect(res.json().result).toBeNull();
    expect((await profile(session.auth)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'Brand-new-secret-42')).statusCode).toBe(200);
    expect(await auditActions(user.id)).toContain('password.reset');

    const again = await post('/auth/reset-password/', { token, password: 'Another-secret-43' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'This link is invalid or has expired. Ask for a new one.',
      errors: [{ path: 'token' }],
    });
  });

  it('refuses a link older than 1 hour', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    await post('/auth/forgot-password/', { email: user.email });
    const token = await mailedResetToken(user.email);
    t.clock.advance(HOUR + 1000);
    const res = await post('/auth/reset-password/', { token, password: 'Brand-new-secret-42' });
    expect(res.statusCode).toBe(400);
  });

  it('makes an older link worthless once a newer one was asked for', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    await post('/auth/forgot-password/', { email: user.email });
    const older = await mailedResetToken(user.email);
    await post('/auth/forgot-password/', { email: user.email });
    expect((await post('/auth/reset-password/', { token: older, password: 'Brand-new-secret-42' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await post('/auth/reset-password/', {
          token: await mailedResetToken(user.email),
          password: 'Brand-new-secret-42',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a common or short password without spending the link', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    await post('/auth/forgot-password/', { email: user.email });
    const token = await mailedResetToken(user.email);
    const common = await post('/auth/reset-password/', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([
      { path: 'password', message: 'This password is too common. Choose another one.' },
    ]);
    const short = await post('/auth/reset-password/', { token, password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'password', message: 'Use at least 8 characters' }]);
    expect((await post('/auth/reset-password/', { token, password: 'Brand-new-secret-42' })).statusCode).toBe(200);
  });

  it('accepts an invitation token: an invited user sets a first password and signs in', async () => {
    const invited = await createUser(t.ctx.db, { role: ROLE.STAFF_ADMIN, password: null });
    const token = await createPasswordToken({
      db: t.ctx.db,
      userId: invited.id,
      purpose: 'invite',
      ttlMs: INVITE_TOKEN_TTL_MS,
      now: t.clock.now(),
    });
    t.clock.advance(6 * 24 * HOUR); // invitations live 7 days
    const accepted = await post('/auth/reset-password/', { token, password: 'First-secret-2026' });
    expect(accepted.statusCode).toBe(200);
    // The link proved the mailbox: the invited user is signed in at once, no second password or code.
    const session = accepted.json().result;
    expect(session.user).toMatchObject({ id: invited.id, email: invited.email });
    const me = await profile({ authorization: `Bearer ${session.access}` });
    expect(me.statusCode, me.body).toBe(200);
    expect((await login(invited.email, 'First-secret-2026')).statusCode).toBe(200);
    expect(await auditActions(invited.id)).toContain('password.invite_accepted');
  });
});

describe('POST /apiv1/auth/change-password/', () => {
  it('changes the password, keeps the caller signed in and ends every other session', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const here = await signIn(t, user.email, user.password);
    const elsewhere = await signIn(t, user.email, user.password);
    const res = await changePassword(here.auth, user.password, 'Changed-secret-77');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Password changed successfully' });

    expect((await profile(here.auth)).statusCode).toBe(200);
    expect((await post('/auth/token/refresh/', { refresh: here.refresh })).statusCode).toBe(200);
    expect((await profile(elsewhere.auth)).statusCode).toBe(401);
    expect((await post('/auth/token/refresh/', { refresh: elsewhere.refresh })).statusCode).toBe(401);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'Changed-secret-77')).statusCode).toBe(200);
    expect(await auditActions(user.id)).toContain('password.changed');
  });

  it('refuses a wrong current password with 400 (not 401: the client must not sign out)', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const s = await signIn(t, user.email, user.password);
    const res = await changePassword(s.auth, 'wrong-one', 'Changed-secret-77');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'old_password', message: 'The current password is not correct.' }]);
  });

  it('refuses a common password, the same password and missing fields', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const s = await signIn(t, user.email, user.password);
    const common = await changePassword(s.auth, user.password, 'iloveyou1');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0].path).toBe('new_password');
    const same = await changePassword(s.auth, user.password, user.password);
    expect(same.json().errors).toEqual([
      { path: 'new_password', message: 'Choose a password different from the current one.' },
    ]);
    const missing = await post('/auth/change-password/', {}, s.auth);
    expectFieldErrors(missing, ['new_password', 'old_password']);
  });

  it('needs a signed-in user', async () => {
    const res = await post('/auth/change-password/', { old_password: 'x', new_password: 'Changed-secret-77' });
    expect(res.statusCode).toBe(401);
  });
});
