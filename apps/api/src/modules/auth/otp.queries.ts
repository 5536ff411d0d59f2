import { OTP_MAX_ATTEMPTS, OTP_MAX_SENDS } from '@kassa/contract/auth';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpChallenges } from '../../db/schema.ts';

export async function insertOtpChallenge(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; codeHash: string; expiresAt: Date; lastSentAt: Date },
) {
  await db.insert(otpChallenges).values(row);
}

export async function findOtpChallenge(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(otpChallenges).where(eq(otpChallenges.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Spends one try of a live challenge with the code hash given, and signs the challenge off as used
 * when that code is the right one — all in one statement. Parallel guesses queue on the row, so no
 * more than the allowed number of codes is ever compared and a right code is accepted once. Nothing
 * comes back when the challenge is unknown, used, expired or out of tries.
 */
export async function spendOtpAttempt(db: DbOrTx, tokenHash: string, codeHash: string, now: Date) {
  const [row] = await db
    .update(otpChallenges)
    .set({
      attempts: sql`${otpChallenges.attempts} + 1`,
      consumedAt: sql`case when ${otpChallenges.codeHash} = ${codeHash} then ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(otpChallenges.tokenHash, tokenHash),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        gt(otpChallenges.expiresAt, now),
      ),
    )
    .returning({
      userId: otpChallenges.userId,
      attempts: otpChallenges.attempts,
      accepted: sql<boolean>`${otpChallenges.consumedAt} is not null`,
    });
  return row;
}

/**
 * A resent code replaces the old one (which stops working) and gets a fresh set of tries — only on a
 * challenge still open, with sends left, whose last code is at least `intervalMs` old. The conditions
 * sit in the statement so parallel resends mail one code, not one each. Returns whether it was replaced.
 */
export async function replaceOtpCode(
  db: DbOrTx,
  id: string,
  change: { codeHash: string; now: Date; expiresAt: Date; intervalMs: number },
): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({
      codeHash: change.codeHash,
      attempts: 0,
      sendCount: sql`${otpChallenges.sendCount} + 1`,
      lastSentAt: change.now,
      expiresAt: change.expiresAt,
    })
    .where(
      and(
        eq(otpChallenges.id, id),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        lt(otpChallenges.sendCount, OTP_MAX_SENDS),
        lte(otpChallenges.lastSentAt, new Date(change.now.getTime() - change.intervalMs)),
      ),
    )
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}
