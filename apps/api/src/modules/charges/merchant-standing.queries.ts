import { and, eq, getTableColumns, inArray, or, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CarriedWrite, fixedStatement, type StatementValues } from '../../db/fixed-statement.ts';
import {
  checkoutSessions,
  customers,
  invoices,
  merchants,
  providerConnections,
  savedCards,
  transactions,
} from '../../db/schema.ts';
import type { CheckoutSessionFacts } from '../checkout/checkout.service.ts';
import { lockCardToCharge } from '../payment-methods/payment-methods.service.ts';
import { hasPaymentOutcomeListenerSql } from '../webhooks/webhooks.service.ts';

const OPEN = ['processing', 'buyer_approval_pending'] as const;

export type PaymentStanding = NonNullable<ReturnType<typeof standingOf>>;

interface Opening {
  /**
   * An insert of the checkout session (ON CONFLICT DO NOTHING), run in the same statement;
   * `created` says whether it wrote the row. The open attempts it counts are then those of a
   * session nobody could pay yet (or of the invoice, whose row lock the caller holds).
   */
  session: SQLWrapper;
  /** The request's key claim, as the CTE `claimed_key` (which `session` may read); `claimed` says how it went. */
  claim?: SQLWrapper;
  /**
   * The invoice the checkout pays: locked FOR UPDATE and read whole in the CTE `locked_invoice`, which
   * `session` reads (so the invoice's lock is taken before the session's row is written) and which
   * waits for the claim.
   */
  invoiceId?: SQLWrapper | string;
  /** The saved card to charge: it and its customer locked FOR SHARE and read whole, after the session's insert. */
  cardId?: SQLWrapper | string;
}

/**
 * What an attempt decides from (whether the merchant may sell, its enabled connections, whole rows) as
 * one value the database computes: an attempt recorded in one statement (fast-attempt.queries.ts) goes
 * ahead only while this value is still the one a locked attempt of this process read.
 */
export const standingFingerprintSql = (merchantId: SQLWrapper) =>
  sql<string>`(select md5(concat_ws('|', m.is_blocked, coalesce(m.removed_at::text, '-'), m.payment_hub_status, (select string_agg(pc::text, ',' order by pc.id) from ${providerConnections} pc where pc.merchant_id = m.id and pc.enabled))) from ${merchants} m where m.id = ${merchantId})`;

/**
 * In one statement, what recording an attempt must know besides its locked rows: whether the
 * merchant may take a payment right now, its enabled connections (one row each; none: one row with
 * `connection` null), how many undecided attempts the checkout — or, for an invoice, any of its
 * checkout sessions — already has, and whether a webhook endpoint will be told the outcome.
 */
function standingQuery(
  db: DbOrTx,
  ids: { merchantId: string; sessionId: string; invoiceId?: string | null },
  opening?: Opening,
) {
  const payable = ids.invoiceId
    ? or(eq(transactions.checkoutSessionId, ids.sessionId), eq(transactions.invoiceId, ids.invoiceId))
    : eq(transactions.checkoutSessionId, ids.sessionId);
  const openAttempts = db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(payable, inArray(transactions.status, [...OPEN])));
  const claim = opening?.claim && db.$with('claimed_key', {}).as(sql`${opening.claim.getSQL()}`);
  // Each lock waits for the one before it (a condition that reads it): key, invoice, session, card.
  const afterClaim = claim ? sql`(select count(*) from claimed_key) >= 0` : sql`true`;
  const invoice =
    opening?.invoiceId !== undefined
      ? db.$with('locked_invoice').as(
          db
            .select()
            .from(invoices)
            .where(and(eq(invoices.id, sql`${opening.invoiceId}::uuid`), afterClaim))
            .for('update'),
        )
      : undefined;
  const created = opening && db.$with('created_session', {}).as(sql`${opening.session.getSQL()}`);
  const card =
    opening?.cardId !== undefined
      ? lockCardToCharge(db, opening.cardId, sql`(select count(*) from created_session) >= 0`)
      : undefined;
  const ctes = [claim, invoice, created, card?.card, card?.owner].filter((cte) => cte !== undefined);
  const locked = {
    ...(invoice ? { invoice: fieldsOf(invoice, invoices) } : {}),
    ...(card ? { card: fieldsOf(card.card, savedCards), cardOwner: fieldsOf(card.owner, customers) } : {}),
    // Left out of the row's type, which is the standing's: lockedOf reads them (LockedRows).
  } as Record<never, never>;
  let query = (ctes.length > 0 ? db.with(...ctes) : db)
    .select({
      ...locked,
      claimed: claim ? sql<boolean>`exists (select 1 from claimed_key)` : sql<boolean>`true`,
      created: created ? sql<boolean>`exists (select 1 from created_session)` : sql<boolean>`false`,
      isBlocked: merchants.isBlocked,
      removedAt: merchants.removedAt,
      paymentHubStatus: merchants.paymentHubStatus,
      openAttempts: sql<number>`(${openAttempts})`.mapWith(Number),
      announced: hasPaymentOutcomeListenerSql(merchants.id),
      matchesBuyersByEmail: merchants.matchCustomersByEmail,
      fingerprint: standingFingerprintSql(merchants.id),
      connection: providerConnections,
    })
    .from(merchants)
    .leftJoin(
      providerConnections,
      and(eq(providerConnections.merchantId, merchants.id), eq(providerConnections.enabled, true)),
    )
    .$dynamic();
  if (invoice) query = query.leftJoin(invoice, sql`true`);
  if (card) query = query.leftJoin(card.card, sql`true`).leftJoin(card.owner, sql`true`);
  return query.where(eq(merchants.id, ids.merchantId));
}

/** A CTE's columns (those of `table`, which it selects whole), to select them as one object. */
function fieldsOf(cte: object, table: Table) {
  const columns = cte as Record<string, SQLWrapper>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, columns[key]]));
}

/** The rows a statement with locked parts returns (their columns all null when the part found no row). */
type LockedRows = {
  invoice?: Partial<typeof invoices.$inferSelect> | null;
  card?: Partial<typeof savedCards.$inferSelect> | null;
  cardOwner?: Partial<typeof customers.$inferSelect> | null;
};

type StandingRow = Awaited<ReturnType<typeof standingQuery>>[number];

function standingOf(rows: StandingRow[]) {
  const [first] = rows;
  if (!first) return undefined;
  return {
    isBlocked: first.isBlocked,
    removedAt: first.removedAt,
    paymentHubStatus: first.paymentHubStatus,
    openAttempts: first.openAttempts,
    announced: first.announced,
    matchesBuyersByEmail: first.matchesBuyersByEmail,
    created: first.created,
    claimed: first.claimed,
    fingerprint: first.fingerprint,
    connections: rows.flatMap((r) => (r.connection ? [r.connection] : [])),
  };
}

/** What an opening statement locked besides the session: the invoice, and the saved card with its customer. */
function lockedOf(rows: StandingRow[]) {
  const first = rows[0] as LockedRows | undefined;
  const whole = <T>(row: Partial<T> | null | undefined) => (row?.['id' as keyof T] ? (row as T) : undefined);
  const card = whole<typeof savedCards.$inferSelect>(first?.card);
  const customer = whole<typeof customers.$inferSelect>(first?.cardOwner);
  return {
    invoice: whole<typeof invoices.$inferSelect>(first?.invoice),
    card: card && customer ? { card, customer } : undefined,
  };
}

/** The standing of a checkout session that exists already (its row locked by the caller). */
export async function findPaymentStanding(
  db: DbOrTx,
  merchantId: string,
  checkoutSessionId: string,
  invoiceId: string | null,
) {
  return standingOf(await standingQuery(db, { merchantId, sessionId: checkoutSessionId, invoiceId }));
}

type OpeningValues = StatementValues & {
  ids: { merchantId: string; sessionId: string; invoiceId?: string };
  session: CheckoutSessionFacts;
  /** The invoice to lock first (the session's own). */
  invoice?: { id: string };
  /** The saved card to lock and read. */
  card?: { id: string };
};

/**
 * The same read, in a statement of fixed text that opens the checkout session from its facts and
 * claims the request's key: the new row's id reads the claim, so that the claim is written before the
 * session row is — two requests with one key then queue on the key, never on each other's rows in
 * opposite orders.
 */
const openingStanding = fixedStatement('opening_standing', (db, v: OpeningValues, claim: CarriedWrite | undefined) => {
  const id = claim
    ? sql`coalesce((select ${v.ids.sessionId}::uuid from claimed_key), ${v.ids.sessionId}::uuid)`
    : v.ids.sessionId;
  // The session's invoice is read from the invoice's lock (the same id), so that the lock comes first.
  const invoiceId = v.invoice
    ? { invoiceId: sql`coalesce((select id from locked_invoice), ${v.invoice.id}::uuid)` }
    : {};
  const session = db
    .insert(checkoutSessions)
    .values({ ...v.session, id, ...invoiceId })
    .onConflictDoNothing({ target: checkoutSessions.id })
    .returning({ id: checkoutSessions.id });
  return standingQuery(db, v.ids, {
    session,
    claim: claim?.build(db, v.claim!),
    ...(v.invoice ? { invoiceId: v.invoice.id } : {}),
    ...(v.card ? { cardId: v.card.id } : {}),
  });
});

/**
 * Opens the checkout session from its facts and reads the merchant's standing, in one statement that
 * first locks the session's invoice (if any; read whole, under its lock) and then locks and reads the
 * saved card `cardId` with its customer (unchecked: the caller checks them with cardLockedToCharge).
 */
export async function openSessionWithStanding(
  db: DbOrTx,
  checkoutSessionId: string,
  facts: CheckoutSessionFacts,
  claim?: CarriedWrite,
  cardId?: string,
) {
  const values: OpeningValues = {
    ids: { merchantId: facts.merchantId, sessionId: checkoutSessionId, invoiceId: facts.invoiceId ?? undefined },
    session: facts,
  };
  if (facts.invoiceId) values.invoice = { id: facts.invoiceId };
  if (cardId) values.card = { id: cardId };
  if (claim) values.claim = claim.values;
  const shape = `${claim ? 'claimed' : 'unclaimed'}${facts.invoiceId ? '_invoice' : ''}${cardId ? '_card' : ''}`;
  const rows = await openingStanding(db, shape, values, claim);
  return { standing: standingOf(rows), ...lockedOf(rows) };
}
