import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export interface KeyRef {
  scope: string;
  endpoint: string;
  key: string;
}

const byRef = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.scope, ref.scope),
    eq(idempotencyKeys.endpoint, ref.endpoint),
    eq(idempotencyKeys.key, ref.key),
  );

/** Claims the key; returns false when a row for it already exists (the database decides the race). */
export async function claimKey(db: DbOrTx, ref: KeyRef, requestHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...ref, requestHash, state: 'running', expiresAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: DbOrTx, ref: KeyRef) {
  const [row] = await db.select().from(idempotencyKeys).where(byRef(ref)).limit(1);
  return row;
}

export async function completeKey(db: DbOrTx, ref: KeyRef, responseStatus: number, responseBody: unknown) {
  await db.update(idempotencyKeys).set({ state: 'done', responseStatus, responseBody }).where(byRef(ref));
}

export async function releaseKey(db: DbOrTx, ref: KeyRef) {
  await db.delete(idempotencyKeys).where(byRef(ref));
}

export async function deleteExpiredKeys(db: DbOrTx, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
