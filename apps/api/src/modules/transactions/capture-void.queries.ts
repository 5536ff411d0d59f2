import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, transactionEvents, transactions } from '../../db/schema.ts';

type Row = typeof transactions.$inferSelect;
interface Actor {
  actorUserId: string;
  actorRole: number;
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
