// Single-use password links (docs/ARCHITECTURE.md): "reset" from forgot-password (1 hour) and "invite"
// for a user an admin or merchant created (7 days). Both are redeemed by POST /auth/reset-password/.
import type { DbOrTx } from '../../db/client.ts';
import { DAY, HOUR } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { insertPasswordToken, type PasswordTokenPurpose, voidUnusedPasswordTokens } from './password-tokens.queries.ts';

export const RESET_TOKEN_TTL_MS = HOUR;
export const INVITE_TOKEN_TTL_MS = 7 * DAY;

export interface CreatePasswordTokenOptions {
  db: DbOrTx;
  userId: string;
  purpose: PasswordTokenPurpose;
  ttlMs: number;
  /** Pass ctx.clock.now() so tests that move the clock get consistent expiries. */
  now?: Date;
}

/**
 * Stores a new single-use token (hashed) and returns the plain token, to be put in a link
 * `${config.publicUrl}/reset-password?token=…`. Older unused tokens of the same purpose stop working.
 */
export async function createPasswordToken({
  db,
  userId,
  purpose,
  ttlMs,
  now = new Date(),
}: CreatePasswordTokenOptions) {
  const token = randomToken();
  await voidUnusedPasswordTokens(db, userId, purpose, now);
  await insertPasswordToken(db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

export const passwordLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
