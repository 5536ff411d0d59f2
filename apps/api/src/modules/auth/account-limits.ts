// Limits per account, on top of the per-address ones in rate-limits.ts: an address is cheap to change,
// an account is not. Counted in the database so every API process and every parallel request sees the
// same count (account-limits.queries.ts).
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { hashToken } from '../../lib/keys.ts';
import { waitText } from '../../plugins/rate-limit.ts';
import {
  type CounterKey,
  countEvent,
  deleteCountersBefore,
  findWindowStart,
  uncountEvent,
} from './account-limits.queries.ts';

export interface AccountLimit {
  scope: string;
  max: number;
  windowMs: number;
  /** The refusal, completed with the wait: "… Try again in 12 minutes." */
  message: string;
}

/** Wrong passwords per e-mail: after these the account refuses sign-in until the window ends. */
export const LOGIN_FAILURE_LIMIT: AccountLimit = {
  scope: 'login-failure',
  max: 10,
  windowMs: 15 * MINUTE,
  message: 'Too many failed sign-ins for this account.',
};

/** Sign-in codes mailed per account, from sign-ins and resends together. */
export const OTP_SEND_LIMIT: AccountLimit = {
  scope: 'otp-send',
  max: 10,
  windowMs: HOUR,
  message: 'Too many sign-in codes were sent to this account.',
};

/** Password reset mails per account; over it, forgot-password still answers the same but mails nothing. */
export const RESET_MAIL_LIMIT: AccountLimit = {
  scope: 'reset-mail',
  max: 5,
  windowMs: HOUR,
  message: 'Too many password reset e-mails were sent to this account.',
};

/**
 * Sign-in challenges per account answered by an authenticator app or a recovery code: each gives a
 * few tries (OTP_MAX_ATTEMPTS), and no code is mailed to limit them as OTP_SEND_LIMIT does.
 */
export const APP_CHALLENGE_LIMIT: AccountLimit = {
  scope: 'app-challenge',
  max: 10,
  windowMs: HOUR,
  message: 'Too many sign-in attempts for this account.',
};

/**
 * Wrong app codes or passwords on the signed-in account's two-step settings (confirming, removing the
 * app, new recovery codes): a stolen session must not become a guessing oracle.
 */
export const SECOND_FACTOR_FAILURE_LIMIT: AccountLimit = {
  scope: 'second-factor-failure',
  max: 10,
  windowMs: 15 * MINUTE,
  message: 'Too many wrong codes for this account.',
};

const LONGEST_WINDOW_MS = Math.max(
  ...[LOGIN_FAILURE_LIMIT, OTP_SEND_LIMIT, RESET_MAIL_LIMIT, APP_CHALLENGE_LIMIT, SECOND_FACTOR_FAILURE_LIMIT].map(
    (l) => l.windowMs,
  ),
);

/**
 * An e-mail as typed, reduced to what identifies the account. Hashed so the table holds no addresses,
 * and used whether or not an account exists, so a limit never tells which addresses have one.
 */
export const emailSubject = (email: string) => hashToken(email.trim().toLowerCase());

export interface Taken {
  key: CounterKey;
}

/**
 * Counts one event; null when the limit is reached (nothing counted). Pass a transaction as `db` to
 * count only if the rest of that transaction commits.
 */
export async function takeAccountLimit(
  ctx: AppContext,
  limit: AccountLimit,
  subject: string,
  db: DbOrTx = ctx.db,
): Promise<Taken | null> {
  const key = { scope: limit.scope, subject };
  const count = await countEvent(db, key, { max: limit.max, windowMs: limit.windowMs, now: ctx.clock.now() });
  return count === undefined ? null : { key };
}

/** Like takeAccountLimit, but refuses with 429 and how long to wait. */
export async function requireAccountLimit(
  ctx: AppContext,
  limit: AccountLimit,
  subject: string,
  db: DbOrTx = ctx.db,
): Promise<Taken> {
  const taken = await takeAccountLimit(ctx, limit, subject, db);
  if (taken) return taken;
  const started = await findWindowStart(db, { scope: limit.scope, subject });
  const waitMs = Math.max(1000, (started?.getTime() ?? 0) + limit.windowMs - ctx.clock.now().getTime());
  throw new AppError('rate_limited', `${limit.message} Try again in ${waitText(waitMs)}.`, undefined, {
    'retry-after': String(Math.ceil(waitMs / 1000)),
  });
}

/** Gives a counted event back: it turned out not to be one of the events the limit is about. */
export const releaseAccountLimit = (ctx: AppContext, taken: Taken) => uncountEvent(ctx.db, taken.key);

/** Drops counters whose window is over; run by the background jobs. */
export const purgeExpiredAccountLimits = (ctx: AppContext) =>
  deleteCountersBefore(ctx.db, new Date(ctx.clock.now().getTime() - LONGEST_WINDOW_MS));
