// Sign-in (docs/ARCHITECTURE.md): password, then a 6-digit code mailed to the user (10 minutes, 5 tries),
// or, for an account with an authenticator app, a code from the app or a recovery code
// (second-factor.ts), then tokens. Unknown e-mail and wrong password answer alike — same status, message and cost — and
// only a caller who knows the password learns that an account is deactivated or blocked. Failed
// passwords and mailed codes are also limited per account (account-limits.ts).
import { merchantIsOpen } from '@kassa/contract/access';
import {
  type LoginResult,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_RESEND_INTERVAL_S,
  OTP_TTL_MINUTES,
  type ResendOtpResult,
  type SignInMethod,
  type TokensResult,
} from '@kassa/contract/auth';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { AppContext } from '../../context.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';
import { AppError, forbidden, invalid, unauthorized } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { loadSessionUser } from '../users/session-user.service.ts';
import {
  APP_CHALLENGE_LIMIT,
  emailSubject,
  LOGIN_FAILURE_LIMIT,
  OTP_SEND_LIMIT,
  releaseAccountLimit,
  requireAccountLimit,
} from './account-limits.ts';
import { findUserByEmail, findUserById, markSignedIn, type UserCredentials } from './auth-users.queries.ts';
import { findOtpChallenge, insertOtpChallenge, replaceOtpCode, spendOtpAttempt } from './otp.queries.ts';
import { generateOtpCode, maskEmail, otpCodeHash } from './otp-code.ts';
import {
  ALREADY_USED,
  CODE_GONE,
  signInMethodsOf,
  TOO_MANY_WRONG_CODES,
  verifyAppFactor,
  wrongCodeError,
} from './second-factor.ts';
import { startSession } from './session.service.ts';

export { purgeExpiredAccountLimits } from './account-limits.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect e-mail or password.';
const OTP_TTL_MS = OTP_TTL_MINUTES * MINUTE;

/** Refusals that only make sense once the password was right (or a passkey named the account). */
export function assertMaySignIn(
  user: Pick<UserCredentials, 'isActive' | 'merchantId' | 'merchantBlocked' | 'merchantRemovedAt'>,
) {
  if (!user.isActive) throw forbidden('This account is deactivated. Contact your administrator.');
  if (user.merchantId && !merchantIsOpen({ isBlocked: user.merchantBlocked, removedAt: user.merchantRemovedAt }))
    throw forbidden(BLOCKED_MERCHANT_MESSAGE);
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; userAgent?: string },
): Promise<LoginResult> {
  // Every attempt is counted as a failure before the password is checked, and given back when the
  // password is right: parallel guesses cannot all slip in before the first failure is counted.
  const attempt = await requireAccountLimit(ctx, LOGIN_FAILURE_LIMIT, emailSubject(input.email));
  const user = await findUserByEmail(ctx.db, input.email);
  // verifyPassword hashes even without a stored hash, so a missing account costs the same time.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  await releaseAccountLimit(ctx, attempt);
  assertMaySignIn(user);

  if (!ctx.config.otpEnabled) {
    return { otp_required: false, ...(await completeSignIn(ctx, user, input.userAgent)) };
  }
  const methods = await signInMethodsOf(ctx, user.id);
  const mailsCode = methods.includes('email');
  await requireAccountLimit(ctx, mailsCode ? OTP_SEND_LIMIT : APP_CHALLENGE_LIMIT, user.id);
  const now = ctx.clock.now();
  const otpToken = randomToken();
  // An account with an app gets no mailed code: the challenge holds the hash of a code no one knows,
  // so the e-mail method can never pass for it.
  const code = mailsCode ? generateOtpCode() : randomToken();
  await insertOtpChallenge(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(otpToken),
    codeHash: otpCodeHash(otpToken, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    lastSentAt: now,
  });
  if (mailsCode) await mailCode(ctx, user, code);
  return { otp_required: true, otp_token: otpToken, email_hint: maskEmail(user.email), methods };
}

export async function verifyOtp(
  ctx: AppContext,
  input: { otpToken: string; code: string; method?: SignInMethod; userAgent?: string },
): Promise<TokensResult> {
  if (input.method === 'totp' || input.method === 'recovery_code') {
    const user = await verifyAppFactor(ctx, { ...input, method: input.method }, (hash, at) => whyNoTry(ctx, hash, at));
    assertMaySignIn(user);
    return completeSignIn(ctx, user, input.userAgent);
  }
  const now = ctx.clock.now();
  const tokenHash = hashToken(input.otpToken);
  const attempt = await spendOtpAttempt(ctx.db, tokenHash, otpCodeHash(input.otpToken, input.code), now);
  if (!attempt) throw await whyNoTry(ctx, tokenHash, now);
  if (!attempt.accepted) throw wrongCodeError(attempt.attempts);

  // The account may have been deactivated or blocked since the password step.
  const user = await findUserById(ctx.db, attempt.userId);
  if (!user) throw invalid('otp_token', CODE_GONE);
  assertMaySignIn(user);
  return completeSignIn(ctx, user, input.userAgent);
}

/** Explains why a challenge had no try left to spend; read after the refusal, only to word it. */
async function whyNoTry(ctx: AppContext, tokenHash: string, now: Date): Promise<AppError> {
  const challenge = await findOtpChallenge(ctx.db, tokenHash);
  if (!challenge) return invalid('otp_token', CODE_GONE);
  if (challenge.consumedAt) return invalid('otp_token', ALREADY_USED);
  if (challenge.attempts >= OTP_MAX_ATTEMPTS) return invalid('otp_token', TOO_MANY_WRONG_CODES);
  if (challenge.expiresAt.getTime() <= now.getTime())
    return invalid('otp_token', 'This code has expired. Ask for a new code or sign in again.');
  return invalid('otp_token', CODE_GONE);
}

/**
 * After an invitation link set the first password: the link came by e-mail, so it already proved
 * the mailbox a one-time code would; the same refusals as a sign-in still apply.
 */
export async function signInAfterInvitation(
  ctx: AppContext,
  userId: string,
  userAgent?: string,
): Promise<TokensResult> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  assertMaySignIn(user);
  return completeSignIn(ctx, user, userAgent);
}

/** Mails a new code for the same challenge; the previous code stops working. */
export async function resendOtp(ctx: AppContext, otpToken: string): Promise<ResendOtpResult> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(otpToken);
  const challenge = await findOtpChallenge(ctx.db, tokenHash);
  if (!challenge) throw invalid('otp_token', CODE_GONE);
  const user = await findUserById(ctx.db, challenge.userId);
  if (!user) throw invalid('otp_token', CODE_GONE);
  // A mailed code would let the mailbox stand in for the app.
  if (!(await signInMethodsOf(ctx, user.id)).includes('email'))
    throw invalid('otp_token', 'This account signs in with its authenticator app or a recovery code.');
  const code = generateOtpCode();
  // The challenge row is locked first, then the account's counter: parallel resends of one challenge
  // queue on the challenge, and a refused account limit rolls the new code back.
  const replaced = await ctx.db.transaction(async (tx) => {
    const ok = await replaceOtpCode(tx, challenge.id, {
      codeHash: otpCodeHash(otpToken, code),
      now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      intervalMs: OTP_RESEND_INTERVAL_S * 1000,
    });
    if (ok) await requireAccountLimit(ctx, OTP_SEND_LIMIT, user.id, tx);
    return ok;
  });
  if (!replaced) throw await whyNoResend(ctx, tokenHash, now);
  await mailCode(ctx, user, code);
  return { email_hint: maskEmail(user.email), resend_in: OTP_RESEND_INTERVAL_S };
}

/** Words the refusal of a resend; read after the refusal, only to explain it. */
async function whyNoResend(ctx: AppContext, tokenHash: string, now: Date): Promise<AppError> {
  const challenge = await findOtpChallenge(ctx.db, tokenHash);
  if (!challenge || challenge.consumedAt || challenge.attempts >= OTP_MAX_ATTEMPTS)
    return invalid('otp_token', CODE_GONE);
  if (challenge.sendCount >= OTP_MAX_SENDS) {
    return new AppError('rate_limited', 'Too many codes were sent. Please sign in again.');
  }
  const waitS = Math.max(
    1,
    Math.ceil((challenge.lastSentAt.getTime() + OTP_RESEND_INTERVAL_S * 1000 - now.getTime()) / 1000),
  );
  return new AppError('rate_limited', `Wait ${waitS} seconds before asking for a new code.`, undefined, {
    'retry-after': String(waitS),
  });
}

export async function completeSignIn(
  ctx: AppContext,
  user: Pick<UserCredentials, 'id' | 'role' | 'merchantId'>,
  userAgent: string | undefined,
): Promise<TokensResult> {
  await markSignedIn(ctx.db, user.id, ctx.clock.now());
  const { access, refresh } = await startSession(ctx, {
    userId: user.id,
    role: user.role,
    merchantId: user.merchantId,
    userAgent,
  });
  return { access, refresh, user: await loadSessionUser(ctx.db, user.id) };
}

/** In the user's profile language (docs/i18n.md), English until they pick one. */
async function mailCode(
  ctx: AppContext,
  user: { email: string; firstName: string; locale: string | null },
  code: string,
) {
  const { t } = emailTranslator(user.locale);
  await ctx.mailer.send({
    to: user.email,
    subject: t('signIn.subject', { code }),
    ...mailLines([
      user.firstName ? t('mail.hello', { name: user.firstName }) : t('mail.helloNoName'),
      '',
      t('signIn.code', { code }),
      t('signIn.valid', { minutes: OTP_TTL_MINUTES }),
      '',
      t('signIn.notYou'),
    ]),
  });
}
