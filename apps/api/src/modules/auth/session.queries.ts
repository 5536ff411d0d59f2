import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  segments: string | null;
  userAgent: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
}

export async function insertRefreshToken(db: DbOrTx, row: NewRefreshToken) {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Marks a refresh token used, only if nobody used it before: of two requests racing with the same
 * token exactly one wins, the other is treated as reuse.
 */
export async function claimRefreshToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, or every one but `keepFamilyId` (the caller's own session). */
export async function revokeUserFamilies(db: DbOrTx, userId: string, now: Date, keepFamilyId?: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(rows.map((r) => r.familyId)).size;
}

/** The live head of every session (refresh family) of a user: the one unused, unrevoked token. */
export async function listLiveSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      familyId: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      segments: refreshTokens.segments,
      signedInAt: refreshTokens.signedInAt,
      lastSeenAt: refreshTokens.lastSeenAt,
      createdAt: refreshTokens.createdAt,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(refreshTokens.lastSeenAt), desc(refreshTokens.createdAt));
}

/** Ends one session of a user; the rows it revoked (none: not this user's live session). */
export async function revokeUserFamily(db: DbOrTx, userId: string, familyId: string, now: Date) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userAgent: refreshTokens.userAgent, usedAt: refreshTokens.usedAt });
}
