// One-time codes under parallel requests: the try count and the single use must hold in the
// database, not in the request that read the challenge first. Every guess comes from its own address
// so the per-address limit cannot hide a missing guard.

import { ROLE } from '@kassa/contract/access';
import { OTP_MAX_ATTEMPTS } from '@kassa/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { lastOtpCode } from '../../../test/session.ts';
import { otpChallenges, refreshTokens } from '../../db/schema.ts';
import { hashToken } from '../../lib/keys.ts';

const t = await buildTestApp();
afterAll(() => t.close());

let address = 0;
/** A distinct client address per request. */
const nextAddress = () => `10.1.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

const verify = (otpToken: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/verify-otp/',
    payload: { otp_token: otpToken, code },
    remoteAddress: nextAddress(),
  });

async function challenge() {
  const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/login/',
    payload: { email: user.email, password: user.password },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, otpToken: res.json().result.otp_token as string, code: lastOtpCode(t.mail, user.email) };
}

/** 40 distinct wrong codes. */
const wrongCodes = (code: string) =>
  Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

const storedAttempts = async (otpToken: string) =>
  (
    await t.ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)))
  )[0]?.attempts;

describe('one-time codes under parallel requests', () => {
  it('evaluates at most five of 40 parallel wrong codes, then refuses even the right one', async () => {
    for (let round = 0; round < 3; round++) {
      const { otpToken, code } = await challenge();
      const answers = await Promise.all(wrongCodes(code).map((c) => verify(otpToken, c)));
      expect(answers.map((a) => a.statusCode).every((s) => s === 400)).toBe(true);
      // An evaluated guess is answered on the code field; a refused one on the challenge.
      const evaluated = answers.filter((a) => a.json().errors?.[0]?.path === 'code');
      expect(evaluated).toHaveLength(OTP_MAX_ATTEMPTS);
      const messages = evaluated.map((a) => a.json().message).sort();
      expect(messages).toEqual([
        'That code is not correct. 1 try left.',
        'That code is not correct. 2 tries left.',
        'That code is not correct. 3 tries left.',
        'That code is not correct. 4 tries left.',
        'Too many wrong codes. Please sign in again.',
      ]);
      expect(await storedAttempts(otpToken)).toBe(OTP_MAX_ATTEMPTS);

      const right = await verify(otpToken, code);
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe('Too many wrong codes. Please sign in again.');
    }
  });

  it('accepts the right code among 40 parallel wrong ones only if it came within the five tries', async () => {
    for (let round = 0; round < 3; round++) {
      const { otpToken, code } = await challenge();
      const guesses = wrongCodes(code);
      guesses.splice(20, 0, code);
      const answers = await Promise.all(guesses.map((c) => verify(otpToken, c)));
      const signedIn = answers.filter((a) => a.statusCode === 200);
      const wrongEvaluated = answers.filter((a) => a.json().errors?.[0]?.path === 'code');
      expect(signedIn.length).toBeLessThanOrEqual(1);
      expect(wrongEvaluated.length + signedIn.length).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      if (signedIn.length === 0) {
        expect(wrongEvaluated).toHaveLength(OTP_MAX_ATTEMPTS);
        expect((await verify(otpToken, code)).statusCode).toBe(400);
      }
    }
  });

  it('signs in once when the right code arrives 20 times at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, otpToken, code } = await challenge();
      const answers = await Promise.all(Array.from({ length: 20 }, () => verify(otpToken, code)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe('This code was already used. Please sign in again.');
      }
      const sessions = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      expect(sessions).toHaveLength(1);
    }
  });

  it('mails one new code when 20 resends arrive at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, otpToken } = await challenge();
      t.clock.advance(31_000);
      const before = t.mail.sent.filter((m) => m.to === user.email).length;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/apiv1/auth/resend-otp/',
            payload: { otp_token: otpToken },
            remoteAddress: nextAddress(),
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(/^Wait \d+ seconds before asking for a new code\.$/);
      }
      expect(t.mail.sent.filter((m) => m.to === user.email).length - before).toBe(1);
      // The one code mailed last is the one that works.
      const verified = await verify(otpToken, lastOtpCode(t.mail, user.email));
      expect(verified.statusCode, verified.body).toBe(200);
    }
  });
});
