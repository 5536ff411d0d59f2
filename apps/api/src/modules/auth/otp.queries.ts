import { and, eq, isNull, sql } from 'drizzle-orm';
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

/** Counts one wrong code atomically and returns the new count, so parallel guesses cannot skip it. */
export async function recordWrongOtp(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(eq(otpChallenges.id, id))
    .returning({ attempts: otpChallenges.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** A code signs in once: only the request that flips consumed_at wins. */
export async function consumeOtpChallenge(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

/** A resent code replaces the old one (which stops working) and gets a fresh set of tries. */
export async function replaceOtpCode(db: DbOrTx, id: string, codeHash: string, now: Date, expiresAt: Date) {
  await db
    .update(otpChallenges)
    .set({
      codeHash,
      attempts: 0,
      sendCount: sql`${otpChallenges.sendCount} + 1`,
      lastSentAt: now,
      expiresAt,
    })
    .where(eq(otpChallenges.id, id));
}
