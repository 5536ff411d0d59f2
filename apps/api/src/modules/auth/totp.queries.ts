import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpChallenges, recoveryCodes, userTotp } from '../../db/schema.ts';

export async function findUserTotp(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

export async function hasConfirmedTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Starts (or restarts) an enrolment with a new sealed secret, unless an app is already confirmed:
 * the conflict update only touches an unconfirmed row. Returns whether the secret was stored.
 */
export async function upsertPendingTotp(db: DbOrTx, userId: string, sealedSecret: string, now: Date) {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret: sealedSecret, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealedSecret, createdAt: now, lastUsedStep: null },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/**
 * Accepts the code of time step `step` once: only a step later than the last one accepted moves the
 * row, in one statement, so a replayed code — or two parallel requests with the same code — wins at
 * most once. `confirming` is for the enrolment's first code (the row must still be pending); otherwise
 * the app must be confirmed.
 */
export async function takeTimeStep(
  db: DbOrTx,
  userId: string,
  step: number,
  opts: { confirming: boolean; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({
      lastUsedStep: step,
      ...(opts.confirming ? { confirmedAt: opts.now } : {}),
    })
    .where(
      and(
        eq(userTotp.userId, userId),
        opts.confirming ? isNull(userTotp.confirmedAt) : isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function deleteUserTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return rows.length === 1;
}

/** Replaces every recovery code of the user: the old ones stop working in the same transaction. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[], now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Spends an unused recovery code in one statement, so it works once even under parallel use. */
export async function spendRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Spends one try of a live sign-in challenge without comparing anything: the app's code and recovery
 * codes are checked in TypeScript, after the try is counted. The same conditions as the mailed code's
 * try (otp.queries.ts), in one statement, so parallel guesses queue on the row and no more than the
 * allowed number are ever checked.
 */
export async function spendChallengeTry(db: DbOrTx, tokenHash: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.tokenHash, tokenHash),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, maxAttempts),
        gt(otpChallenges.expiresAt, now),
      ),
    )
    .returning({ id: otpChallenges.id, userId: otpChallenges.userId, attempts: otpChallenges.attempts });
  return row;
}

/** Signs a challenge off as used; false when another request already did. */
export async function consumeChallenge(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}
