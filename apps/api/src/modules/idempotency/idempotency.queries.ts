import { and, eq, lt, lte, or } from 'drizzle-orm';
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

/**
 * Claims the key until `leaseUntil`: a new row, or one whose time is up (a finished answer past its
 * 24 hours, or a request that never finished past its lease). One statement, so of many racing
 * requests exactly one gets it; false when the key is held.
 */
export async function claimKey(db: DbOrTx, ref: KeyRef, requestHash: string, now: Date, leaseUntil: Date) {
  return (await claimKeyInsert(db, ref, requestHash, now, leaseUntil)).length === 1;
}

/** The same claim, built (not run) to go out inside another statement: it returns a row when claimed. */
export function claimKeyInsert(db: DbOrTx, ref: KeyRef, requestHash: string, now: Date, leaseUntil: Date) {
  return db
    .insert(idempotencyKeys)
    .values({ ...ref, requestHash, state: 'running', expiresAt: leaseUntil })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.endpoint, idempotencyKeys.key],
      set: {
        requestHash,
        state: 'running',
        responseStatus: null,
        responseBody: null,
        createdAt: now,
        expiresAt: leaseUntil,
      },
      setWhere: lte(idempotencyKeys.expiresAt, now),
    })
    .returning({ key: idempotencyKeys.key });
}

export async function findKey(db: DbOrTx, ref: KeyRef) {
  const [row] = await db.select().from(idempotencyKeys).where(byRef(ref)).limit(1);
  return row;
}

export interface StoredAnswer {
  responseStatus: number;
  responseBody: unknown;
  keepUntil: Date;
}

/** Stores the answer, kept until `keepUntil` for replays. */
export async function completeKey(db: DbOrTx, ref: KeyRef, answer: StoredAnswer) {
  await completeKeyUpdate(db, ref, answer);
}

/** The same update, built (not run) so that it can go out alongside another write. */
export function completeKeyUpdate(db: DbOrTx, ref: KeyRef, answer: StoredAnswer) {
  return db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      responseStatus: answer.responseStatus,
      responseBody: answer.responseBody,
      expiresAt: answer.keepUntil,
    })
    .where(byRef(ref));
}

/**
 * Stores an answer whether or not the key's row exists: a claim made inside a transaction that rolled
 * back left none. Never overwrites another request's stored answer or a claim for another body.
 */
export async function storeAnswer(db: DbOrTx, ref: KeyRef, requestHash: string, now: Date, answer: StoredAnswer) {
  const values = {
    requestHash,
    state: 'done' as const,
    responseStatus: answer.responseStatus,
    responseBody: answer.responseBody,
    createdAt: now,
    expiresAt: answer.keepUntil,
  };
  await db
    .insert(idempotencyKeys)
    .values({ ...ref, ...values })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.endpoint, idempotencyKeys.key],
      set: values,
      setWhere: or(
        lte(idempotencyKeys.expiresAt, now),
        and(eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.requestHash, requestHash)),
      ),
    });
}

/** Frees a running claim; with `requestHash`, only a claim for that very body (never a stored answer). */
export async function releaseKey(db: DbOrTx, ref: KeyRef, requestHash?: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      requestHash
        ? and(byRef(ref), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.requestHash, requestHash))
        : byRef(ref),
    );
}

export async function deleteExpiredKeys(db: DbOrTx, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
