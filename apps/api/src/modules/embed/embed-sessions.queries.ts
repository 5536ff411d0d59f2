// One-time embed sessions: minted by the merchant's server, consumed once by the embed callback.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { embedSessions } from '../../db/schema.ts';

export async function insertEmbedSession(db: DbOrTx, values: typeof embedSessions.$inferInsert) {
  const [row] = await db.insert(embedSessions).values(values).returning();
  return row!;
}

/**
 * Uses the session up, in one statement: of any number of callbacks with one token, exactly one
 * gets the row, and only while it is unused, unexpired, for this merchant and this parent host.
 */
export async function consumeEmbedSession(
  db: DbOrTx,
  where: { tokenHash: string; merchantId: string; domain: string },
  now: Date,
) {
  const [row] = await db
    .update(embedSessions)
    .set({ usedAt: now })
    .where(
      and(
        eq(embedSessions.tokenHash, where.tokenHash),
        eq(embedSessions.merchantId, where.merchantId),
        eq(embedSessions.domain, where.domain),
        isNull(embedSessions.usedAt),
        gt(embedSessions.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Only to explain a refusal: the consume above decides. */
export async function findEmbedSessionByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(embedSessions).where(eq(embedSessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Drops sessions that expired before `before`. */
export async function deleteExpiredEmbedSessions(db: DbOrTx, before: Date) {
  await db.delete(embedSessions).where(lt(embedSessions.expiresAt, before));
}
