import { and, desc, eq, inArray, isNull, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fixedStatement } from '../../db/fixed-statement.ts';
import { customers, merchants, savedCards, transactions } from '../../db/schema.ts';
import type { SavedCardLook } from '../../payments/provider.ts';
import { type CustomerBook, chargeableCustomersSql } from '../customers/customers.service.ts';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type SavedCardInsert = Omit<typeof savedCards.$inferInsert, 'id' | 'createdAt' | 'deletedAt'>;

// The customer's choice of default (preferred_at) counts as if the card were saved at that moment.
const newestCardFirst = [desc(sql`coalesce(${savedCards.preferredAt}, ${savedCards.createdAt})`), desc(savedCards.id)];

/** A customer's cards that may still be used, newest first. */
export function listSavedCards(db: DbOrTx, customerId: string) {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .orderBy(...newestCardFirst);
}

/** A saved card's whole row as one value: a charge decided from a read goes ahead only while it is unchanged. */
const cardFingerprintSql = sql<string>`md5(${savedCards}::text)`;

/** Several customers' cards that may still be used, each customer's newest first: one read for a batch. */
export const listCustomersSavedCards = (db: DbOrTx, customerIds: string[]) =>
  db
    .select({ card: savedCards, fingerprint: cardFingerprintSql })
    .from(savedCards)
    .where(and(inArray(savedCards.customerId, customerIds), isNull(savedCards.deletedAt)))
    .orderBy(...newestCardFirst);

/** The same, each card locked FOR SHARE until the caller's transaction ends (a delete of one waits for it). */
export const lockCustomersSavedCards = (db: DbOrTx, customerIds: string[]) =>
  listCustomersSavedCards(db, customerIds).for('share');

/** Makes a live card of the customer their default; undefined when it is not one of theirs. */
export async function markCardPreferred(db: DbOrTx, customerId: string, id: string, at: Date) {
  const [row] = await db
    .update(savedCards)
    .set({ preferredAt: at })
    .where(and(eq(savedCards.id, id), eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .returning();
  return row;
}

// Every merchant's charge of a saved card starts here: of fixed text (db/fixed-statement.ts).
const customerAndCard = fixedStatement(
  'customer_and_card',
  (db, v: { read: { customerId: string; cardId: string } & CustomerBook }) =>
    db
      .select({
        customer: customers,
        merchantCountry: merchants.country,
        card: savedCards,
        cardFingerprint: sql<string | null>`${cardFingerprintSql}`,
      })
      .from(customers)
      .innerJoin(merchants, eq(merchants.id, customers.merchantId))
      .leftJoin(savedCards, and(eq(savedCards.id, v.read.cardId), eq(savedCards.customerId, customers.id)))
      .where(and(eq(customers.id, v.read.customerId), chargeableCustomersSql(v.read)))
      .limit(1),
);

/**
 * The customer (one of `scope`'s live customers) with its merchant's country and one of its saved cards
 * (null when it is not theirs), with the card's fingerprint: what a merchant's charge of a saved card
 * reads before it opens its checkout, in one statement.
 */
export async function findCustomerAndCard(db: DbOrTx, customerId: string, cardId: string, scope: CustomerBook) {
  const [row] = await customerAndCard(db, 'by ids', { read: { customerId, cardId, ...scope } });
  return row;
}

/**
 * A query that locks the card and its customer FOR SHARE (as lockCardForCharge) and gives a row only
 * while both are live and the card is still as read (its fingerprint): for a statement that records an
 * attempt from that read.
 */
export const cardStillAsReadSql = (cardId: SQLWrapper | string, fingerprint: SQLWrapper | string) =>
  sql`select 1 from ${savedCards} join ${customers} on ${customers.id} = ${savedCards.customerId} where ${savedCards.id} = ${cardId} and ${savedCards.deletedAt} is null and ${customers.deletedAt} is null and ${cardFingerprintSql} = ${fingerprint} for share`;

/**
 * The saved card and its customer for a charge, both locked FOR SHARE until the attempt commits: a
 * delete of either (which locks FOR UPDATE) waits for the attempt, then sees it and refuses. The
 * customer's whole row: the charge names it at the processor without reading it again.
 */
export async function lockCardForCharge(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ card: savedCards, customer: customers })
    .from(savedCards)
    .innerJoin(customers, eq(customers.id, savedCards.customerId))
    .where(eq(savedCards.id, id))
    .for('share');
  return row;
}

/**
 * The same locks as lockCardForCharge, as two CTEs of a statement that records an attempt: the card
 * (`charged_card`), then its customer (`charged_card_owner`), both FOR SHARE and read whole. `after`
 * is evaluated first: the locks the statement must take before the card's.
 */
export function cardForChargeCtes(db: DbOrTx, cardId: SQLWrapper | string, after: SQL) {
  const card = db.$with('charged_card').as(
    db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, sql`${cardId}::uuid`), after))
      .for('share'),
  );
  const owner = db
    .$with('charged_card_owner')
    .as(
      db.select().from(customers).where(sql`${customers.id} = (select ${card.customerId} from ${card})`).for('share'),
    );
  return { card, owner };
}

/** The card, locked for its removal. */
export async function lockCardForDelete(db: DbOrTx, customerId: string, id: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .for('update');
  return row;
}

/** A payment on the card whose outcome is not known yet: the card may not go while it runs. */
export async function hasPaymentUnderWay(db: DbOrTx, cardId: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.paymentMethodId, cardId), inArray(transactions.status, ['processing'])))
    .limit(1);
  return row !== undefined;
}

export async function markCardDeleted(db: DbOrTx, id: string, at: Date) {
  const [row] = await db
    .update(savedCards)
    .set({ deletedAt: at })
    .where(and(eq(savedCards.id, id), isNull(savedCards.deletedAt)))
    .returning();
  return row;
}

/** Every card of a customer, for its deletion: none may be charged once the customer is gone. */
export function markCustomerCardsDeleted(db: DbOrTx, customerId: string, at: Date) {
  return db
    .update(savedCards)
    .set({ deletedAt: at })
    .where(and(eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .returning();
}

/**
 * Keeps a card the processor saved; the same card saved again for the customer (one fingerprint on one
 * processor) finds the first (saved_cards_card_uq) instead of making a second.
 */
export async function insertSavedCard(
  db: DbOrTx,
  values: SavedCardInsert,
): Promise<{ row: SavedCardRow; created: boolean }> {
  const [created] = await db
    .insert(savedCards)
    .values(values)
    .onConflictDoNothing({
      target: [savedCards.customerId, savedCards.provider, savedCards.fingerprint],
      where: isNull(savedCards.deletedAt),
    })
    .returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.customerId, values.customerId),
        eq(savedCards.provider, values.provider),
        eq(savedCards.fingerprint, values.fingerprint),
        isNull(savedCards.deletedAt),
      ),
    );
  return { row: existing!, created: false };
}

/**
 * The processor's id for the customer on a connection, from a card saved there before: another
 * connection of the same processor is another account, which does not know that id.
 */
export async function findProcessorCustomerId(
  db: DbOrTx,
  customerId: string,
  at: { provider: string; providerConnectionId: string | null },
) {
  const connection =
    at.providerConnectionId === null
      ? isNull(savedCards.connectionId)
      : eq(savedCards.connectionId, at.providerConnectionId);
  const [row] = await db
    .select({ id: savedCards.processorCustomerId })
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.provider, at.provider), connection))
    .orderBy(desc(savedCards.createdAt))
    .limit(1);
  return row?.id ?? undefined;
}

/** Links the payment to the card it saved; false when it was linked already (the answer and the webhook race). */
export async function linkPaymentToCard(db: DbOrTx, transactionId: string, cardId: string) {
  const linked = await db
    .update(transactions)
    .set({ paymentMethodId: cardId })
    .where(and(eq(transactions.id, transactionId), isNull(transactions.paymentMethodId)))
    .returning({ id: transactions.id });
  return linked.length > 0;
}

export async function findMerchantBrand(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ name: merchants.name, logo: merchants.logo })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row;
}

export async function findSavedCard(db: DbOrTx, id: string) {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, id));
  return row;
}

/** A payment by id, for the link that lets its customer pay it themselves. */
export async function findPaymentToAuthenticate(db: DbOrTx, transactionId: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId)).limit(1);
  return row;
}

/**
 * The card as its processor now describes it (an account updater's new expiry or number). Only what a
 * person recognises the card by changes: the fingerprint stays the one it was saved with, so a renewal
 * never collides with another saved card of the customer. Only a live card that looks different
 * changes, so of checks running at once one records the change.
 */
export async function updateCardLook(db: DbOrTx, id: string, look: SavedCardLook) {
  const [row] = await db
    .update(savedCards)
    .set({ brand: look.brand, last4: look.last4, expMonth: look.expMonth, expYear: look.expYear })
    .where(
      and(
        eq(savedCards.id, id),
        isNull(savedCards.deletedAt),
        or(
          ne(savedCards.brand, look.brand),
          ne(savedCards.last4, look.last4),
          ne(savedCards.expMonth, look.expMonth),
          ne(savedCards.expYear, look.expYear),
        ),
      ),
    )
    .returning();
  return row;
}

/** The customer's live cards locked FOR UPDATE in one statement, in the order renewals lock them FOR SHARE. */
export const lockCustomerCardsForChange = (db: DbOrTx, customerId: string) =>
  listSavedCards(db, customerId).for('update');

/** The live card a processor names by its token on one of the merchant's connections. */
export async function findLiveCardByToken(db: DbOrTx, at: { merchantId: string; connectionId: string; token: string }) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.merchantId, at.merchantId),
        eq(savedCards.connectionId, at.connectionId),
        eq(savedCards.token, at.token),
        isNull(savedCards.deletedAt),
      ),
    )
    .limit(1);
  return row;
}
