// The sign-in step after the password for an account with an authenticator app: a code from the app
// or one of its recovery codes. The try is counted on the challenge first (one conditional UPDATE, as
// for mailed codes: parallel guesses queue on the row, so no more than OTP_MAX_ATTEMPTS are checked),
// then the code is checked here, then the step or recovery code is spent and the challenge signed off
// in one transaction — a code that lost a race burns nothing.
import { OTP_MAX_ATTEMPTS, type SignInMethod } from '@kassa/contract/auth';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById, type UserCredentials } from './auth-users.queries.ts';
import { countUserPasskeys } from './passkeys.queries.ts';
import { recoveryCodeHash } from './recovery-codes.ts';
import { mailSecurityNotice } from './security-notice.ts';
import {
  consumeChallenge,
  countUnusedRecoveryCodes,
  findUserTotp,
  hasConfirmedTotp,
  spendChallengeTry,
  spendRecoveryCode,
  takeTimeStep,
} from './totp.queries.ts';
import { REUSED_CODE } from './totp.service.ts';
import { matchingTimeStep } from './totp-code.ts';
import { openTotpSecret } from './totp-secret.ts';

export const CODE_GONE = 'This code is no longer valid. Please sign in again.';
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes. Please sign in again.';
export const ALREADY_USED = 'This code was already used. Please sign in again.';

/** What the login answer offers: `email` only to an account without another factor. */
export async function signInMethodsOf(ctx: AppContext, userId: string): Promise<SignInMethod[]> {
  const [hasTotp, passkeyCount] = await Promise.all([
    hasConfirmedTotp(ctx.db, userId),
    countUserPasskeys(ctx.db, userId),
  ]);
  const methods: SignInMethod[] = [];
  if (hasTotp) methods.push('totp');
  if (passkeyCount > 0) methods.push('passkey');
  if (hasTotp) methods.push('recovery_code');
  return methods.length > 0 ? methods : ['email'];
}

export const wrongCodeError = (attempts: number) => {
  if (attempts >= OTP_MAX_ATTEMPTS) return invalid('code', TOO_MANY_WRONG_CODES);
  const left = OTP_MAX_ATTEMPTS - attempts;
  return invalid('code', `That code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
};

/**
 * Checks an app code or a recovery code against a sign-in challenge. Returns the user once the
 * challenge is signed off; throws the refusal otherwise (`whyNoTry` words a challenge with no try left).
 */
export async function verifyAppFactor(
  ctx: AppContext,
  input: { otpToken: string; code: string; method: 'totp' | 'recovery_code' },
  whyNoTry: (tokenHash: string, now: Date) => Promise<Error>,
): Promise<UserCredentials> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(input.otpToken);
  const attempt = await spendChallengeTry(ctx.db, tokenHash, OTP_MAX_ATTEMPTS, now);
  if (!attempt) throw await whyNoTry(tokenHash, now);
  const user = await findUserById(ctx.db, attempt.userId);
  const totp = await findUserTotp(ctx.db, attempt.userId);
  if (!user) throw invalid('otp_token', CODE_GONE);
  if (!totp?.confirmedAt)
    throw invalid('method', 'This account has no authenticator app. Use the code sent by e-mail.');

  if (input.method === 'totp') {
    const step = matchingTimeStep(openTotpSecret(ctx.keys, user.id, totp.secret), input.code, now);
    if (step === null) throw wrongCodeError(attempt.attempts);
    await ctx.db.transaction(async (tx) => {
      if (!(await takeTimeStep(tx, user.id, step, { confirming: false, now }))) throw invalid('code', REUSED_CODE);
      if (!(await consumeChallenge(tx, attempt.id, now))) throw invalid('otp_token', ALREADY_USED);
    });
    return user;
  }

  await ctx.db.transaction(async (tx) => {
    if (!(await spendRecoveryCode(tx, user.id, recoveryCodeHash(user.id, input.code), now)))
      throw wrongCodeError(attempt.attempts);
    if (!(await consumeChallenge(tx, attempt.id, now))) throw invalid('otp_token', ALREADY_USED);
    await recordAudit(tx, {
      actor: { userId: user.id, role: user.role },
      merchantId: user.merchantId,
      action: 'recovery_code.used',
      entityType: 'user',
      entityId: user.id,
    });
  });
  const left = await countUnusedRecoveryCodes(ctx.db, user.id);
  await mailSecurityNotice(ctx, user, { kind: 'recovery_code_used', left });
  return user;
}
