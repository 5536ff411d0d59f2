import { and, eq, inArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, providerConnections, transactions } from '../../db/schema.ts';

const OPEN = ['processing', 'buyer_approval_pending'] as const;

export type PaymentStanding = NonNullable<Awaited<ReturnType<typeof findPaymentStanding>>>;

/**
 * In one statement, what recording an attempt must know besides its locked rows: whether the
 * merchant may take a payment right now, its enabled connections (one row each; none: one row with
 * `connection` null), and how many undecided attempts the checkout — or, for an invoice, any of its
 * checkout sessions — already has.
 */
export async function findPaymentStanding(
  db: DbOrTx,
  merchantId: string,
  checkoutSessionId: string,
  invoiceId: string | null,
  opening?: {
    /**
     * An insert of the checkout session (ON CONFLICT DO NOTHING), run in the same statement;
     * `created` says whether it wrote the row. The open attempts it counts are then those of a
     * session nobody could pay yet (or of the invoice, whose row lock the caller holds).
     */
    session: SQLWrapper;
    /** The request's key claim, as the CTE `claimed_key` (which `session` may read); `claimed` says how it went. */
    claim?: SQLWrapper;
  },
) {
  const payable = invoiceId
    ? or(eq(transactions.checkoutSessionId, checkoutSessionId), eq(transactions.invoiceId, invoiceId))
    : eq(transactions.checkoutSessionId, checkoutSessionId);
  const openAttempts = db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(payable, inArray(transactions.status, [...OPEN])));
  const claim = opening?.claim && db.$with('claimed_key', {}).as(sql`${opening.claim.getSQL()}`);
  const created = opening && db.$with('created_session', {}).as(sql`${opening.session.getSQL()}`);
  const ctes = [claim, created].filter((cte) => cte !== undefined);
  const rows = await (ctes.length > 0 ? db.with(...ctes) : db)
    .select({
      claimed: claim ? sql<boolean>`exists (select 1 from claimed_key)` : sql<boolean>`true`,
      created: created ? sql<boolean>`exists (select 1 from created_session)` : sql<boolean>`false`,
      isBlocked: merchants.isBlocked,
      removedAt: merchants.removedAt,
      paymentHubStatus: merchants.paymentHubStatus,
      openAttempts: sql<number>`(${openAttempts})`.mapWith(Number),
      connection: providerConnections,
    })
    .from(merchants)
    .leftJoin(
      providerConnections,
      and(eq(providerConnections.merchantId, merchants.id), eq(providerConnections.enabled, true)),
    )
    .where(eq(merchants.id, merchantId));
  const [first] = rows;
  if (!first) return undefined;
  return {
    isBlocked: first.isBlocked,
    removedAt: first.removedAt,
    paymentHubStatus: first.paymentHubStatus,
    openAttempts: first.openAttempts,
    created: first.created,
    claimed: first.claimed,
    connections: rows.flatMap((r) => (r.connection ? [r.connection] : [])),
  };
}
