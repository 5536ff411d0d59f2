// App codes and recovery codes under parallel requests: the try count, the single use of a time step
// and of a recovery code must hold in the database, not in the request that read the row first. Every
// guess comes from its own address so the per-address limit cannot hide a missing guard.
import { ROLE } from '@kassa/contract/access';
import { OTP_MAX_ATTEMPTS } from '@kassa/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { appCode, enrolTotp, nextStep } from '../../../test/totp.ts';
import { otpChallenges, refreshTokens } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { insertOtpChallenge } from './otp.queries.ts';

const t = await buildTestApp();
afterAll(() => t.close());

let address = 0;
const nextAddress = () => `10.3.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/apiv1${url}`, payload, remoteAddress: nextAddress() });

async function login(account: { email: string; password: string }) {
  const res = await post('/auth/login/', { email: account.email, password: account.password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.otp_token as string;
}

/**
 * 20 challenges of one account, written as the login writes them: more than the account may start
 * in an hour through the login (APP_CHALLENGE_LIMIT), which is not what these tests are about.
 */
async function challenges(userId: string, n: number) {
  const now = t.clock.now();
  return Promise.all(
    Array.from({ length: n }, async () => {
      const token = randomToken();
      await insertOtpChallenge(t.ctx.db, {
        userId,
        tokenHash: hashToken(token),
        codeHash: hashToken(randomToken()),
        expiresAt: new Date(now.getTime() + 10 * 60_000),
        lastSentAt: now,
      });
      return token;
    }),
  );
}

const verify = (otpToken: string, code: string, method: string) =>
  post('/auth/verify-otp/', { otp_token: otpToken, code, method });

async function totpUser() {
  const session = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
  return { ...session, ...(await enrolTotp(t, session.auth)) };
}

/** `n` distinct codes, none of them a code the app accepts now. */
function wrongCodes(secret: string, n: number) {
  const valid = new Set([-1, 0, 1].map((s) => appCode(t, secret, s)));
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const c = String(100_000 + i * 7919).padStart(6, '0');
    if (!valid.has(c)) codes.push(c);
  }
  return codes;
}

const storedAttempts = async (otpToken: string) =>
  (
    await t.ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)))
  )[0]?.attempts;

describe('authenticator codes under parallel requests', () => {
  it('checks at most five of 24 parallel wrong app codes, then refuses even the right one', async () => {
    const { account, secret } = await totpUser();
    for (let round = 0; round < 3; round++) {
      nextStep(t);
      const otpToken = await login(account);
      const answers = await Promise.all(wrongCodes(secret, 24).map((c) => verify(otpToken, c, 'totp')));
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      const checked = answers.filter((a) => a.json().errors?.[0]?.path === 'code');
      expect(checked.map((a) => a.json().message).sort()).toEqual([
        'That code is not correct. 1 try left.',
        'That code is not correct. 2 tries left.',
        'That code is not correct. 3 tries left.',
        'That code is not correct. 4 tries left.',
        'Too many wrong codes. Please sign in again.',
      ]);
      expect(await storedAttempts(otpToken)).toBe(OTP_MAX_ATTEMPTS);
      const right = await verify(otpToken, appCode(t, secret), 'totp');
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe('Too many wrong codes. Please sign in again.');
    }
  });

  it('checks at most five of 24 parallel wrong recovery codes', async () => {
    const { account } = await totpUser();
    for (let round = 0; round < 3; round++) {
      const otpToken = await login(account);
      const guesses = Array.from({ length: 24 }, (_, i) => `wxyz-${round}abc-${String(i).padStart(4, 'a')}`);
      const answers = await Promise.all(guesses.map((c) => verify(otpToken, c, 'recovery_code')));
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      expect(answers.filter((a) => a.json().errors?.[0]?.path === 'code')).toHaveLength(OTP_MAX_ATTEMPTS);
      expect(await storedAttempts(otpToken)).toBe(OTP_MAX_ATTEMPTS);
    }
  });

  it('signs in once when one app code arrives 20 times at once, on 20 challenges', async () => {
    const { account, secret } = await totpUser();
    for (let round = 0; round < 3; round++) {
      nextStep(t);
      const tokens = await challenges(account.id, 20);
      const code = appCode(t, secret);
      const before = (await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, account.id))).length;
      const answers = await Promise.all(tokens.map((token) => verify(token, code, 'totp')));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200))
        expect(refused.json().message).toBe('This code was already used. Wait for the next code in your app.');
      const after = (await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, account.id))).length;
      expect(after - before).toBe(1);
    }
  });

  it('signs in once when one recovery code arrives 20 times at once, on 20 challenges', async () => {
    const { account, recoveryCodes } = await totpUser();
    for (let round = 0; round < 3; round++) {
      const tokens = await challenges(account.id, 20);
      const answers = await Promise.all(tokens.map((token) => verify(token, recoveryCodes[round]!, 'recovery_code')));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(19);
    }
  });
});
