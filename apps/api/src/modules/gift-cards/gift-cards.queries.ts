// Sandbox gift cards and their redemptions. Balances only change under a row lock, together with the
// redemption row that explains the change.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { giftCardRedemptions, giftCards } from '../../db/schema.ts';

export type GiftCardRow = typeof giftCards.$inferSelect;

export async function insertGiftCard(db: DbOrTx, values: typeof giftCards.$inferInsert) {
  const [row] = await db.insert(giftCards).values(values).returning();
  return row!;
}

export async function selectGiftCardPage(db: DbOrTx, merchantId: string, limit: number, offset: number) {
  return db
    .select()
    .from(giftCards)
    .where(eq(giftCards.merchantId, merchantId))
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(limit)
    .offset(offset);
}

export async function countGiftCards(db: DbOrTx, merchantId: string) {
  const [row] = await db.select({ n: count() }).from(giftCards).where(eq(giftCards.merchantId, merchantId));
  return row?.n ?? 0;
}

export async function lockGiftCardByCode(db: DbOrTx, merchantId: string, code: string) {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.merchantId, merchantId), eq(giftCards.code, code)))
    .for('update')
    .limit(1);
  return row;
}

export async function lockGiftCardById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id)).for('update').limit(1);
  return row;
}

/** Moves `delta` minor units onto (positive) or off (negative) the card and records why. */
export async function moveGiftCardBalance(
  db: DbOrTx,
  input: { giftCardId: string; transactionId: string; delta: number },
) {
  await db
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} + ${input.delta}`, updatedAt: sql`now()` })
    .where(eq(giftCards.id, input.giftCardId));
  // A redemption is stored positive (taken from the card); money going back is negative.
  await db
    .insert(giftCardRedemptions)
    .values({ giftCardId: input.giftCardId, transactionId: input.transactionId, amount: -input.delta });
}

/** Per gift card, what a payment still holds of it (redeemed minus already given back). */
export async function heldByTransaction(db: DbOrTx, transactionId: string) {
  return db
    .select({
      giftCardId: giftCardRedemptions.giftCardId,
      held: sql<number>`sum(${giftCardRedemptions.amount})::bigint`.mapWith(Number),
    })
    .from(giftCardRedemptions)
    .where(eq(giftCardRedemptions.transactionId, transactionId))
    .groupBy(giftCardRedemptions.giftCardId);
}
