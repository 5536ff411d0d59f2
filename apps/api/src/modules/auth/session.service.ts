// Sessions (docs/ARCHITECTURE.md#layers): a short access JWT plus an opaque refresh token stored hashed. Every
// sign-in starts a refresh-token family with an absolute expiry of 30 days; refreshing rotates the
// token inside the family, and presenting a token that was already used revokes the whole family
// (someone kept a copy). A revoked family also ends its access tokens: the auth plugin checks it.
import { merchantIsOpen } from '@kassa/contract/access';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { DAY } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { signAccessToken, verifyAccessToken } from '../../lib/tokens.ts';
import { findActorRow } from './actor.queries.ts';
import { bearerToken } from './actor.service.ts';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  revokeFamily,
  revokeUserFamilies,
} from './session.queries.ts';

export const REFRESH_FAMILY_TTL_MS = 30 * DAY;

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export interface SessionTokens {
  access: string;
  refresh: string;
  familyId: string;
}

export interface StartSessionOptions {
  userId: string;
  role: number;
  merchantId: string | null;
  /** Embed sessions: the segments the parent site allows, carried into every access token. */
  segments?: string[];
  userAgent?: string;
}

/** Signs a user out everywhere: every refresh family ends, and with it every access token (the auth plugin checks). */
export async function endAllSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await revokeUserFamilies(db, userId, now);
}

/** Starts a new refresh-token family and signs its first access token. */
export async function startSession(ctx: AppContext, opts: StartSessionOptions): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const familyId = crypto.randomUUID();
  const refresh = randomToken();
  const segments = opts.segments ? opts.segments.join(',') : null;
  await insertRefreshToken(ctx.db, {
    userId: opts.userId,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(now.getTime() + REFRESH_FAMILY_TTL_MS),
    segments,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    signedInAt: now,
    lastSeenAt: now,
  });
  const access = await signAccessToken(
    ctx.keys.tokenSigning,
    {
      sub: opts.userId,
      role: opts.role,
      mid: opts.merchantId,
      fam: familyId,
      ...(segments !== null ? { seg: segments } : {}),
    },
    now,
  );
  return { access, refresh, familyId };
}

/** POST /auth/token/refresh/: one refresh token buys one new pair, in the same family. */
export async function rotateRefreshToken(
  ctx: AppContext,
  presented: string,
): Promise<{ access: string; refresh: string }> {
  const now = ctx.clock.now();
  const token = await findRefreshToken(ctx.db, hashToken(presented));
  if (!token || token.revokedAt) throw unauthorized(SESSION_ENDED);
  if (token.expiresAt.getTime() <= now.getTime()) throw unauthorized('Your session has expired. Please sign in again.');
  if (token.usedAt || !(await claimRefreshToken(ctx.db, token.id, now))) {
    // Reuse: the legitimate client already rotated past this token, so a copy is in other hands.
    await revokeFamily(ctx.db, token.familyId, now);
    throw unauthorized(SESSION_ENDED);
  }

  const user = await findActorRow(ctx.db, token.userId, token.familyId);
  if (!user?.isActive) {
    await revokeFamily(ctx.db, token.familyId, now);
    throw unauthorized(SESSION_ENDED);
  }
  if (user.merchantId && !merchantIsOpen({ isBlocked: user.merchantBlocked, removedAt: user.merchantRemovedAt })) {
    await revokeFamily(ctx.db, token.familyId, now);
    throw new AppError('unauthorized', BLOCKED_MERCHANT_MESSAGE);
  }

  const refresh = randomToken();
  await insertRefreshToken(ctx.db, {
    userId: token.userId,
    familyId: token.familyId,
    tokenHash: hashToken(refresh),
    expiresAt: token.expiresAt, // absolute: rotation never extends a family
    segments: token.segments,
    userAgent: token.userAgent,
    // A refresh is the "last seen" of the device: frequent enough to be useful, and no write per request.
    signedInAt: token.signedInAt ?? token.createdAt,
    lastSeenAt: now,
  });
  const access = await signAccessToken(
    ctx.keys.tokenSigning,
    {
      sub: token.userId,
      role: user.role,
      mid: user.merchantId,
      fam: token.familyId,
      ...(token.segments !== null ? { seg: token.segments } : {}),
    },
    now,
  );
  return { access, refresh };
}

/**
 * POST /auth/logout/: ends the family of the given refresh token, or — without one — the family of
 * the bearer token. Never fails: signing out must always work from the client's point of view.
 */
export async function endSession(ctx: AppContext, refreshToken: string | undefined, authorization: string | undefined) {
  const now = ctx.clock.now();
  if (refreshToken) {
    const token = await findRefreshToken(ctx.db, hashToken(refreshToken));
    if (token) await revokeFamily(ctx.db, token.familyId, now);
  }
  const bearer = bearerToken(authorization);
  if (!bearer) return;
  const claims = await verifyAccessToken(ctx.keys.tokenSigning, bearer, now);
  if (claims) await revokeFamily(ctx.db, claims.fam, now);
}
