// Passkeys end to end through the API with a software authenticator (test/webauthn.ts): real
// attestation and assertion signatures, checked by @simplewebauthn/server.
import { ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { passkeyOptions, passkeySignIn, registerPasskey, TEST_RP } from '../../../test/passkeys.ts';
import { createSignedInUser, signIn } from '../../../test/session.ts';
import { TestAuthenticator } from '../../../test/webauthn.ts';
import { auditLog, users, webauthnChallenges } from '../../db/schema.ts';
import { MINUTE } from '../../lib/clock.ts';
import { hashToken } from '../../lib/keys.ts';
import { purgeExpiredPasskeyChallenges } from './passkeys.service.ts';

const t = await buildTestApp();
afterAll(() => t.close());

async function passkeyUser(role: number = ROLE.PLATFORM_ADMIN) {
  const merchant = role === ROLE.PLATFORM_ADMIN ? null : await createMerchant(t.ctx.db);
  const session = await createSignedInUser(t, { role, merchantId: merchant?.id ?? null });
  const { authenticator, passkey } = await registerPasskey(t, session.auth);
  return { ...session, authenticator, passkey };
}

async function signInOptions(payload: object = {}) {
  return passkeyOptions(t, 'sign-in/options/', payload);
}

const list = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/passkeys/', headers: auth });
const profile = (access: string) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: { authorization: `Bearer ${access}` } });

async function auditActions(userId: string) {
  const rows = await t.ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)));
  return rows.map((r) => r.action);
}

describe('registering a passkey', () => {
  it('stores it under its name, lists it, audits it and tells the user by e-mail', async () => {
    const u = await passkeyUser(ROLE.MERCHANT_OWNER);
    expect(u.passkey.name).toBe('Work laptop');
    const listed = await list(u.auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.passkeys).toEqual([
      {
        id: u.passkey.id,
        name: 'Work laptop',
        transports: ['internal'],
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed.json())).not.toMatch(/public_?key|credential/i);
    expect(t.mail.lastTo(u.account.email)?.subject).toBe('A passkey was added to your Kassa account');
    expect(await auditActions(u.user.id)).toContain('passkey.added');
  });

  it('refuses a response for another origin, another challenge, or a ceremony of another user', async () => {
    const a = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const b = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const register = (auth: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/apiv1/auth/passkeys/registration/', headers: auth, payload });

    const otherOrigin = await passkeyOptions(t, 'registration/options/', {}, a.auth);
    const key = new TestAuthenticator(TEST_RP);
    const res1 = await register(a.auth, {
      ceremony_token: otherOrigin.ceremony_token,
      name: 'Phone',
      credential: key.register(otherOrigin.options, { origin: 'https://evil.example' }),
    });
    expect(res1.statusCode).toBe(400);
    expect(res1.json().message).toBe('The passkey could not be added. Try again.');

    const first = await passkeyOptions(t, 'registration/options/', {}, a.auth);
    const second = await passkeyOptions(t, 'registration/options/', {}, a.auth);
    const res2 = await register(a.auth, {
      ceremony_token: second.ceremony_token,
      name: 'Phone',
      credential: key.register(first.options),
    });
    expect(res2.statusCode).toBe(400);

    const ofA = await passkeyOptions(t, 'registration/options/', {}, a.auth);
    const res3 = await register(b.auth, {
      ceremony_token: ofA.ceremony_token,
      name: 'Phone',
      credential: key.register(ofA.options),
    });
    expect(res3.statusCode).toBe(400);
    expect(res3.json().message).toBe('This passkey prompt has expired or was already used. Try again.');
    expect((await list(a.auth)).json().result.passkeys).toEqual([]);
    expect((await list(b.auth)).json().result.passkeys).toEqual([]);
  });

  it('refuses a credential already registered, to this account or another', async () => {
    const a = await passkeyUser();
    const b = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    for (const s of [a, b]) {
      const o = await passkeyOptions(t, 'registration/options/', {}, s.auth);
      const res = await t.app.inject({
        method: 'POST',
        url: '/apiv1/auth/passkeys/registration/',
        headers: s.auth,
        payload: { ceremony_token: o.ceremony_token, name: 'Again', credential: a.authenticator.register(o.options) },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This passkey is already registered.');
    }
  });

  it('answers 400 with the field for a missing name and a malformed credential, 401 without a token', async () => {
    const a = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const o = await passkeyOptions(t, 'registration/options/', {}, a.auth);
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/passkeys/registration/',
      headers: a.auth,
      payload: { ceremony_token: o.ceremony_token, name: '  ', credential: { id: '!!', type: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('name');
    expect(res.json().errors.find((e: { path: string }) => e.path === 'name').message).toBe('Give the passkey a name');
    expect((await list({})).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('signs the owner in without password or code, and login then offers passkey instead of e-mail', async () => {
    const u = await passkeyUser(ROLE.MERCHANT_OWNER);
    const { ceremony_token, options } = await signInOptions();
    const res = await passkeySignIn(t, { ceremony_token, credential: u.authenticator.assert(options.challenge) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.user.id).toBe(u.user.id);
    expect((await profile(res.json().result.access)).statusCode).toBe(200);
    expect((await list(u.auth)).json().result.passkeys[0].last_used_at).toEqual(expect.any(String));

    const login = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/login/',
      payload: { email: u.account.email, password: u.account.password },
    });
    expect(login.json().result.methods).toEqual(['passkey']);
  });

  it('finishes a sign-in after the password with a passkey of that account only', async () => {
    const a = await passkeyUser();
    const b = await passkeyUser();
    const login = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/login/',
      payload: { email: b.account.email, password: b.account.password },
    });
    const otpToken = login.json().result.otp_token;
    const mine = await signInOptions({ otp_token: otpToken });
    expect(mine.options).toMatchObject({ allowCredentials: [{ id: b.authenticator.id }] });
    const stolen = await passkeySignIn(t, {
      ceremony_token: mine.ceremony_token,
      credential: a.authenticator.assert(mine.options.challenge),
    });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().message).toBe('This passkey could not be verified. Try again or sign in with your password.');

    const again = await signInOptions({ otp_token: otpToken });
    const ok = await passkeySignIn(t, {
      ceremony_token: again.ceremony_token,
      credential: b.authenticator.assert(again.options.challenge),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.user.id).toBe(b.user.id);
  });

  it('refuses a passkey that names another account in its user handle', async () => {
    const a = await passkeyUser();
    const b = await passkeyUser();
    const o = await signInOptions();
    const res = await passkeySignIn(t, {
      ceremony_token: o.ceremony_token,
      credential: a.authenticator.assert(o.options.challenge, { userHandle: b.authenticator.userHandle }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a replayed assertion, the same counter, another origin, another challenge and an expired one', async () => {
    const u = await passkeyUser();
    const o1 = await signInOptions();
    const assertion = u.authenticator.assert(o1.options.challenge);
    expect((await passkeySignIn(t, { ceremony_token: o1.ceremony_token, credential: assertion })).statusCode).toBe(200);
    // The very same request again: the challenge is spent.
    const replay = await passkeySignIn(t, { ceremony_token: o1.ceremony_token, credential: assertion });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This passkey prompt has expired or was already used. Try again.');

    // A fresh challenge but the counter the server already saw: a cloned authenticator.
    const o2 = await signInOptions();
    const sameCounter = u.authenticator.assert(o2.options.challenge, { counter: 'same' });
    expect((await passkeySignIn(t, { ceremony_token: o2.ceremony_token, credential: sameCounter })).statusCode).toBe(
      401,
    );

    const o3 = await signInOptions();
    const elsewhere = u.authenticator.assert(o3.options.challenge, { origin: 'https://kassa.test.evil.example' });
    expect((await passkeySignIn(t, { ceremony_token: o3.ceremony_token, credential: elsewhere })).statusCode).toBe(401);

    const o4 = await signInOptions();
    const o5 = await signInOptions();
    const crossed = u.authenticator.assert(o4.options.challenge);
    expect((await passkeySignIn(t, { ceremony_token: o5.ceremony_token, credential: crossed })).statusCode).toBe(401);

    const o6 = await signInOptions();
    t.clock.advance(6 * MINUTE);
    const late = await passkeySignIn(t, {
      ceremony_token: o6.ceremony_token,
      credential: u.authenticator.assert(o6.options.challenge),
    });
    expect(late.statusCode).toBe(401);

    // After all of that the passkey still works with a proper assertion.
    const o7 = await signInOptions();
    expect(
      (
        await passkeySignIn(t, {
          ceremony_token: o7.ceremony_token,
          credential: u.authenticator.assert(o7.options.challenge),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown credential and a deactivated account', async () => {
    const o = await signInOptions();
    const stranger = new TestAuthenticator(TEST_RP);
    stranger.userHandle = Buffer.from('nobody').toString('base64url');
    const res = await passkeySignIn(t, {
      ceremony_token: o.ceremony_token,
      credential: stranger.assert(o.options.challenge),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This passkey is not registered with Kassa. Sign in with your password.');

    const merchant = await createMerchant(t.ctx.db);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const { authenticator } = await registerPasskey(t, owner.auth);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, owner.user.id));
    const o2 = await signInOptions();
    const off = await passkeySignIn(t, {
      ceremony_token: o2.ceremony_token,
      credential: authenticator.assert(o2.options.challenge),
    });
    expect(off.statusCode).toBe(403);
  });

  it('answers 400 for a malformed body and an unknown otp_token', async () => {
    const bad = await passkeySignIn(t, { ceremony_token: 'x', credential: {} });
    expect(bad.statusCode).toBe(400);
    const gone = await t.app.inject({
      method: 'POST',
      remoteAddress: '10.9.9.9',
      url: '/apiv1/auth/passkeys/sign-in/options/',
      payload: { otp_token: 'z'.repeat(43) },
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('This sign-in has expired. Please sign in again.');
  });
});

describe('renaming and removing passkeys', () => {
  it('renames and removes one of the user’s own, with audit and e-mail', async () => {
    const u = await passkeyUser();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/auth/passkeys/${u.passkey.id}/`,
      headers: u.auth,
      payload: { name: '  YubiKey 5  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().result.name).toBe('YubiKey 5');
    expect(t.mail.lastTo(u.account.email)?.subject).toBe('A passkey of your Kassa account was renamed');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/auth/passkeys/${u.passkey.id}/`,
      headers: u.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(t.mail.lastTo(u.account.email)?.subject).toBe('A passkey was removed from your Kassa account');
    expect((await list(u.auth)).json().result.passkeys).toEqual([]);
    expect(await auditActions(u.user.id)).toEqual(
      expect.arrayContaining(['passkey.added', 'passkey.renamed', 'passkey.removed']),
    );

    const o = await signInOptions();
    expect(
      (
        await passkeySignIn(t, {
          ceremony_token: o.ceremony_token,
          credential: u.authenticator.assert(o.options.challenge),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 for another user’s passkey and leaves it alone; 400 for a bad id or name', async () => {
    const a = await passkeyUser();
    const b = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const url = `/apiv1/auth/passkeys/${a.passkey.id}/`;
    const rename = await t.app.inject({ method: 'PATCH', url, headers: b.auth, payload: { name: 'Mine now' } });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().message).toBe('This passkey does not exist.');
    expect((await t.app.inject({ method: 'DELETE', url, headers: b.auth })).statusCode).toBe(404);
    expect((await list(a.auth)).json().result.passkeys).toHaveLength(1);

    const badId = await t.app.inject({ method: 'DELETE', url: '/apiv1/auth/passkeys/nope/', headers: a.auth });
    expect(badId.statusCode).toBe(400);
    const longName = await t.app.inject({ method: 'PATCH', url, headers: a.auth, payload: { name: 'x'.repeat(61) } });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message).toBe('Name: Use at most 60 characters');
  });

  it('works for every kind of user on their own account', async () => {
    const merchant = await createMerchant(t.ctx.db);
    for (const role of [ROLE.MERCHANT_OWNER, ROLE.MERCHANT_STAFF, ROLE.MERCHANT_SUB_USER, ROLE.STAFF_ADMIN]) {
      const account = await createUser(t.ctx.db, { role, merchantId: role === ROLE.STAFF_ADMIN ? null : merchant.id });
      const s = await signIn(t, account.email, account.password);
      const { passkey } = await registerPasskey(t, s.auth, `Key of role ${role}`);
      expect((await list(s.auth)).json().result.passkeys.map((p: { id: string }) => p.id)).toEqual([passkey.id]);
    }
  });
});

describe('purging passkey challenges', () => {
  it('drops expired challenges and keeps live ones', async () => {
    const old = await signInOptions();
    t.clock.advance(6 * MINUTE);
    const live = await signInOptions();
    await purgeExpiredPasskeyChallenges(t.ctx);
    const left = (await t.ctx.db.select({ tokenHash: webauthnChallenges.tokenHash }).from(webauthnChallenges)).map(
      (r) => r.tokenHash,
    );
    expect(left).toContain(hashToken(live.ceremony_token));
    expect(left).not.toContain(hashToken(old.ceremony_token));
  });
});
