import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function listUserPasskeys(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countUserPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** Stores a new credential; false when the credential is already registered (to any account). */
export async function insertPasskey(db: DbOrTx, row: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [stored] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return stored;
}

export async function renamePasskey(db: DbOrTx, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/**
 * Moves the signature counter forward in one statement: of parallel or replayed assertions with the
 * same counter at most one passes. Authenticators that do not count (always 0, as synced passkeys do)
 * pass while the stored counter is 0 too; their replays are stopped by the single-use challenge.
 */
export async function advancePasskeyCounter(db: DbOrTx, id: string, newCounter: number, now: Date) {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function insertChallenge(db: DbOrTx, row: typeof webauthnChallenges.$inferInsert) {
  await db.insert(webauthnChallenges).values(row);
}

/**
 * Takes a live challenge of the given purpose, once: the conditional UPDATE lets exactly one of
 * parallel verifications through, and a stale or used challenge through none.
 */
export async function consumeChallenge(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(webauthnChallenges.tokenHash, tokenHash),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.consumedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** A used challenge matters only until it expires (a replay then fails as expired); the purge keeps the table small. */
export async function purgeChallenges(db: DbOrTx, now: Date) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}
