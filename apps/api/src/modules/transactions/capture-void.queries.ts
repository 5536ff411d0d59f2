import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, authorizationChanges, transactionEvents, transactions } from '../../db/schema.ts';

type Row = typeof transactions.$inferSelect;
export type AuthorizationChange = typeof authorizationChanges.$inferSelect;
interface Actor {
  actorUserId: string | null;
  actorRole: number | null;
}

/** The payment's capture or void that is pending or done (at most one: a unique index says so). */
export async function findLiveChange(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select()
    .from(authorizationChanges)
    .where(and(eq(authorizationChanges.transactionId, transactionId), ne(authorizationChanges.status, 'failed')))
    .limit(1);
  return row;
}

export async function insertPendingChange(
  db: DbOrTx,
  input: Pick<
    AuthorizationChange,
    'transactionId' | 'merchantId' | 'kind' | 'amount' | 'currency' | 'requestKey' | 'createdBy' | 'actorRole'
  >,
) {
  const [row] = await db
    .insert(authorizationChanges)
    .values({ ...input, status: 'pending' })
    .returning();
  return row!;
}

/** pending → succeeded, once: of two settles of the same capture or void one applies. */
export async function markChangeSucceeded(db: DbOrTx, id: string) {
  const [row] = await db
    .update(authorizationChanges)
    .set({ status: 'succeeded', settledAt: sql`now()` })
    .where(and(eq(authorizationChanges.id, id), eq(authorizationChanges.status, 'pending')))
    .returning();
  return row;
}

/** pending → failed, once, with the processor's reason on the payment's timeline. */
export async function markChangeFailed(db: DbOrTx, change: AuthorizationChange, failureReason: string) {
  const [row] = await db
    .update(authorizationChanges)
    .set({ status: 'failed', failureReason, settledAt: sql`now()` })
    .where(and(eq(authorizationChanges.id, change.id), eq(authorizationChanges.status, 'pending')))
    .returning();
  if (!row) return undefined;
  await db.insert(transactionEvents).values({
    transactionId: change.transactionId,
    type: `${change.kind}_failed`,
    status: 'authorization_succeeded',
    amount: change.kind === 'capture' ? change.amount : null,
    message: failureReason,
    actorUserId: change.createdBy,
  });
  return row;
}

/** Captures and voids still waiting for an answer since before `before`: reconciliation asks again. */
export async function findStalePendingChanges(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(authorizationChanges)
    .where(and(eq(authorizationChanges.status, 'pending'), lt(authorizationChanges.createdAt, before)))
    .orderBy(authorizationChanges.createdAt)
    .limit(500);
}

/** Captures and voids of one payment still waiting for the processor, for its detail page. */
export async function findPendingChanges(db: DbOrTx, transactionId: string) {
  return db
    .select()
    .from(authorizationChanges)
    .where(and(eq(authorizationChanges.transactionId, transactionId), eq(authorizationChanges.status, 'pending')));
}

export async function recordCapture(db: DbOrTx, row: Row, input: Actor & { capturedAmount: number }) {
  const [updated] = await db
    .update(transactions)
    .set({ status: 'capture_succeeded', capturedAmount: input.capturedAmount, updatedAt: sql`now()` })
    .where(eq(transactions.id, row.id))
    .returning();
  await db.insert(transactionEvents).values({
    transactionId: row.id,
    type: 'captured',
    status: 'capture_succeeded',
    amount: input.capturedAmount,
    actorUserId: input.actorUserId,
  });
  await db.insert(auditLog).values({
    actorUserId: input.actorUserId,
    actorRole: input.actorRole,
    merchantId: row.merchantId,
    action: 'transaction.capture',
    entityType: 'transaction',
    entityId: row.id,
    amount: input.capturedAmount,
    currency: row.currency,
    data: { authorized: row.amount },
  });
  return updated!;
}

export async function recordVoid(db: DbOrTx, row: Row, input: Actor & { releasedGiftCard: number }) {
  await db
    .update(transactions)
    .set({
      status: 'voided',
      ...(input.releasedGiftCard > 0 ? { giftCardAmount: 0 } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(transactions.id, row.id));
  await db.insert(transactionEvents).values({
    transactionId: row.id,
    type: 'voided',
    status: 'voided',
    amount: row.amount,
    actorUserId: input.actorUserId,
  });
  await db.insert(auditLog).values({
    actorUserId: input.actorUserId,
    actorRole: input.actorRole,
    merchantId: row.merchantId,
    action: 'transaction.void',
    entityType: 'transaction',
    entityId: row.id,
    amount: row.amount,
    currency: row.currency,
    data: { released_gift_card: input.releasedGiftCard },
  });
}
