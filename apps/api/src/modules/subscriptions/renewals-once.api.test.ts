// Renewals happen exactly once per period (docs/decisions/0024-renewals-exactly-once.md): the renewal
// tick fired 20 times at once over every due subscription makes one invoice and one charge per period,
// counted at the processor's side, round after round; and a processor that takes the money but whose
// answer is lost leaves the invoice open and the payment `processing` until reconciliation settles it,
// never charging again. On PostgreSQL (api-postgres) with 1,000 subscriptions; on PGlite a smaller set.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDueSubscriptions, createMonthlyPrice } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createShop } from '../../../test/payments/shop.ts';
import { invoices, subscriptions, transactions } from '../../db/schema.ts';
import type { ProviderResolver } from '../../lib/providers.ts';
import type { FetchResult, PaymentRequest, PaymentResult } from '../../payments/provider.ts';
import { reconcileStalePayments } from '../charges/charge.service.ts';
import { runRenewals } from './renewals.service.ts';

const isPostgres = process.env.KASSA_TEST_DB === 'postgres';
const SUBSCRIPTIONS = isPostgres ? 1_000 : 60;
const PARALLEL_TICKS = 20;
const DAY = 86_400_000;

let t: TestApp;
let merchantId: string;
let priceId: string;

/**
 * The processor's side: every authorize it receives, and what it answered per idempotency key (Kassa's
 * payment id) — a repeated key gets the first answer back and takes no money again, as Stripe and
 * Adyen do. `loseAnswers` makes it take the money and then drop the connection (a timeout).
 */
const processor = {
  calls: 0,
  ledger: new Map<string, PaymentResult>(),
  loseAnswers: false,
  captured: () => [...processor.ledger.values()].filter((r) => r.status === 'capture_succeeded').length,
};

function countingProcessor(real: ProviderResolver): ProviderResolver {
  return (id, connection) => {
    const provider = real(id, connection);
    return {
      ...provider,
      authorize: async (request: PaymentRequest) => {
        processor.calls++;
        const earlier = processor.ledger.get(request.reference);
        if (earlier) return earlier;
        const result = await provider.authorize(request);
        processor.ledger.set(request.reference, result);
        if (processor.loseAnswers) throw new Error('socket hang up: the processor did not answer in time');
        return result;
      },
      fetch: async ({ reference }): Promise<FetchResult> => {
        const known = processor.ledger.get(reference);
        return known ? { found: true, ...known } : { found: false };
      },
    };
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  (t.ctx as { providers: ProviderResolver }).providers = countingProcessor(t.ctx.providers);
  const shop = await createShop(t, { name: 'Renewals Ltd', pricePerUnit: 1_000 });
  merchantId = shop.merchantId;
  priceId = (await createMonthlyPrice(t.ctx.db, merchantId, shop.productId)).id;
}, 120_000);
afterAll(() => t.close());

const dueSubscriptions = (n: number) =>
  createDueSubscriptions(t.ctx.db, { merchantId, priceId, count: n, now: t.clock.now() });

const countOf = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

describe('renewals happen exactly once', () => {
  it(`${PARALLEL_TICKS} parallel ticks over ${SUBSCRIPTIONS} due subscriptions: one invoice and one charge each, 3 rounds`, async () => {
    const ids = await dueSubscriptions(SUBSCRIPTIONS);
    for (let round = 1; round <= 3; round++) {
      const callsBefore = processor.calls;
      const capturedBefore = processor.captured();
      await Promise.all(Array.from({ length: PARALLEL_TICKS }, () => runRenewals(t.ctx)));

      const invoiceCount = await countOf(
        t.ctx.db.select({ n: count() }).from(invoices).where(eq(invoices.merchantId, merchantId)),
      );
      expect(invoiceCount).toBe(SUBSCRIPTIONS * round);
      // At the processor: exactly one authorize per due subscription this round, each a new key that took money.
      expect(processor.calls - callsBefore).toBe(SUBSCRIPTIONS);
      expect(processor.captured() - capturedBefore).toBe(SUBSCRIPTIONS);
      const doubles = await t.ctx.db
        .select({ invoiceId: transactions.invoiceId, n: count() })
        .from(transactions)
        .where(eq(transactions.merchantId, merchantId))
        .groupBy(transactions.invoiceId)
        .having(sql`count(*) > 1`);
      expect(doubles).toEqual([]);
      const paid = await countOf(
        t.ctx.db
          .select({ n: count() })
          .from(invoices)
          .where(sql`${invoices.merchantId} = ${merchantId} and ${invoices.status} = 'paid'`),
      );
      expect(paid).toBe(SUBSCRIPTIONS * round);
      const active = await countOf(
        t.ctx.db.select({ n: count() }).from(subscriptions).where(sql`${subscriptions.status} = 'active'`),
      );
      expect(active).toBe(ids.length);
      // The next round: every period has ended again.
      t.clock.advance(32 * DAY);
    }
  }, 900_000);

  it('a processor timeout leaves the invoice open and the payment processing; reconciliation settles it, no second charge', async () => {
    const [id] = await dueSubscriptions(1);
    await t.ctx.db.update(subscriptions).set({ status: 'canceled' }).where(sql`${subscriptions.id} <> ${id}`);
    await t.ctx.db.update(invoices).set({ nextPaymentAttemptAt: null });
    const callsBefore = processor.calls;
    processor.loseAnswers = true;
    try {
      await Promise.all(Array.from({ length: PARALLEL_TICKS }, () => runRenewals(t.ctx)));
    } finally {
      processor.loseAnswers = false;
    }
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, id!));
    expect(invoice!.status).toBe('sent');
    const [payment] = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice!.id));
    expect(payment!.status).toBe('processing');
    expect(processor.calls - callsBefore).toBe(1);

    // Long after the try's lease, ticks run again: the payment under way keeps out a second one.
    t.clock.advance(2 * 60 * 60_000);
    await Promise.all(Array.from({ length: PARALLEL_TICKS }, () => runRenewals(t.ctx)));
    expect(processor.calls - callsBefore).toBe(1);
    expect(await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice!.id))).toHaveLength(1);

    // Reconciliation asks the processor, which did take the money: the payment and the invoice are settled.
    expect(await reconcileStalePayments(t.ctx)).toBeGreaterThanOrEqual(1);
    const [settled] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, payment!.id));
    expect(settled!.status).toBe('capture_succeeded');
    const [after] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(after!.status).toBe('paid');
    t.clock.advance(7 * 60 * 60_000);
    await runRenewals(t.ctx);
    expect(processor.calls - callsBefore).toBe(1);
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id!));
    expect(sub!.status).toBe('active');
    const [again] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(again!.nextPaymentAttemptAt).toBeNull();
  });
});
