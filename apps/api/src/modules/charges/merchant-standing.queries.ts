import { and, eq, inArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CarriedWrite, fixedStatement, type StatementValues } from '../../db/fixed-statement.ts';
import { checkoutSessions, merchants, providerConnections, transactions } from '../../db/schema.ts';
import type { CheckoutSessionFacts } from '../checkout/checkout.service.ts';
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
  const created = opening && db.$with('created_session', {}).as(sql`${opening.session.getSQL()}`);
  const ctes = [claim, created].filter((cte) => cte !== undefined);
  return (ctes.length > 0 ? db.with(...ctes) : db)
    .select({
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
    .where(eq(merchants.id, ids.merchantId));
}

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
  const session = db
    .insert(checkoutSessions)
    .values({ ...v.session, id })
    .onConflictDoNothing({ target: checkoutSessions.id })
    .returning({ id: checkoutSessions.id });
  return standingQuery(db, v.ids, { session, claim: claim?.build(db, v.claim!) });
});

export async function openSessionWithStanding(
  db: DbOrTx,
  checkoutSessionId: string,
  facts: CheckoutSessionFacts,
  claim?: CarriedWrite,
) {
  const values: OpeningValues = {
    ids: { merchantId: facts.merchantId, sessionId: checkoutSessionId, invoiceId: facts.invoiceId ?? undefined },
    session: facts,
  };
  if (claim) values.claim = claim.values;
  return standingOf(await openingStanding(db, claim ? 'claimed' : 'unclaimed', values, claim));
}
