// A fresh attempt's outcome is written in one autocommit statement (settleAttempt) only while the row
// is as the request recorded it; otherwise the statement writes nothing and the locked path decides.
// The races run on PGlite and, in CI, on PostgreSQL, where the writers really overlap.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { startShop } from '../../../test/payments/shop.ts';
import { checkoutByCard, newBuyerAddress } from '../../../test/support/checkout.ts';
import { recordPoolStatements } from '../../../test/support/pool-statements.ts';
import { withWebhookEndpoint } from '../../../test/support/webhook-endpoints.ts';
import { auditLog, checkoutSessions, transactionEvents, transactions, webhookEvents } from '../../db/schema.ts';
import type { PaymentResult } from '../../payments/provider.ts';
import { eventWrite, type TransactionRow } from './charge.queries.ts';
import { settleAttempt, settleAttemptsTogether, settlePayment } from './settle-payment.ts';

let t: TestApp;
let merchantId: string;
let productId: string;

beforeAll(async () => {
  ({ t, merchantId, productId } = await startShop({
    name: 'Settle Outfitters',
    ownerEmail: 'owner@settle.test',
    pricePerUnit: 1_500,
  }));
});
afterAll(() => t.close());

const captured: PaymentResult = {
  status: 'capture_succeeded',
  providerReference: 'sb_fast',
  authorizedAmount: 1_500,
  capturedAmount: 1_500,
};
const declined: PaymentResult = {
  status: 'authorization_failed',
  providerReference: 'sb_slow',
  authorizedAmount: 0,
  capturedAmount: 0,
  declineReason: 'Card declined.',
};

async function paidProduct() {
  const res = await checkoutByCard(t, { product: productId }, { remoteAddress: newBuyerAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.id as string;
}

/** A payment as step 1 leaves it: `processing`, its checkout open, only its `created` event. */
async function processingAttempt(): Promise<TransactionRow> {
  const id = await paidProduct();
  await t.ctx.db.delete(transactionEvents).where(eq(transactionEvents.transactionId, id));
  await t.ctx.db.delete(auditLog).where(eq(auditLog.entityId, id));
  const [row] = await t.ctx.db
    .update(transactions)
    .set({ status: 'processing', capturedAmount: 0, providerReference: null })
    .where(eq(transactions.id, id))
    .returning();
  await t.ctx.db
    .update(checkoutSessions)
    .set({ status: 'open' })
    .where(eq(checkoutSessions.id, row!.checkoutSessionId!));
  return row!;
}

const eventsOf = (id: string) =>
  t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id));
const timeline = async (id: string) =>
  (await eventsOf(id)).map((e) => (e.type === 'answer' ? `answer: ${e.status}` : e.type)).sort();
/** Stands in for the request's stored answer (AlsoOnSettle): written with the outcome, from the row as settled. */
const storeAnswer = {
  answer: (settled: TransactionRow) =>
    eventWrite({ transactionId: settled.id, type: 'answer', status: settled.status }),
};
const auditOf = (id: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe('settling a fresh attempt in one statement', () => {
  it('writes the outcome, its event, the checkout completion, the audit entry and the stored answer without a transaction', async () => {
    const attempt = await processingAttempt();
    const opened = vi.spyOn(t.ctx.db, 'transaction');
    const row = await settleAttempt(t.ctx, attempt, captured, storeAnswer);
    expect(opened).not.toHaveBeenCalled();
    opened.mockRestore();
    expect(row).toMatchObject({ status: 'capture_succeeded', capturedAmount: 1_500, providerReference: 'sb_fast' });
    expect(await timeline(attempt.id)).toEqual(['answer: capture_succeeded', 'captured']);
    expect((await auditOf(attempt.id)).map((a) => a.action)).toEqual(['payment.captured']);
    const [session] = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, attempt.checkoutSessionId!));
    expect(session!.status).toBe('completed');
  });

  it('leaves a payment decided meanwhile as it is: nothing written twice, the stored answer is the decision', async () => {
    const attempt = await processingAttempt();
    await settlePayment(t.ctx, attempt.id, declined);
    const row = await settleAttempt(t.ctx, attempt, captured, storeAnswer);
    expect(row).toMatchObject({ status: 'authorization_failed', capturedAmount: 0, failureReason: 'Card declined.' });
    expect(await timeline(attempt.id)).toEqual(['answer: authorization_failed', 'declined']);
    expect((await auditOf(attempt.id)).map((a) => a.action)).toEqual(['payment.declined']);
  });

  it('announces the outcome to a subscribed webhook endpoint through the locked path', async () => {
    await withWebhookEndpoint(t, merchantId, ['payment.succeeded'], async () => {
      const attempt = await processingAttempt();
      const before = await t.ctx.db.$count(webhookEvents, eq(webhookEvents.merchantId, merchantId));
      const row = await settleAttempt(t.ctx, attempt, captured);
      expect(row.status).toBe('capture_succeeded');
      const events = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
      expect(events).toHaveLength(before + 1);
      expect(events.some((e) => e.type === 'payment.succeeded' && e.body.includes(attempt.id))).toBe(true);
      expect((await eventsOf(attempt.id)).map((e) => e.type)).toEqual(['captured']);
    });
  });

  it('sends a payment whose merchant takes payment webhooks straight to the locked path, with no statement bound to fail', async () => {
    await withWebhookEndpoint(t, merchantId, ['payment.failed', 'payment.succeeded'], async () => {
      // What the pool (not a transaction) is sent: the token's read, the charge's own statements.
      const sent = recordPoolStatements(t.ctx.db);
      const paid = await paidProduct();
      const texts = sent.texts();
      sent.restore();
      expect(texts.some((text) => text.includes('"products"'))).toBe(true);
      // The attempt's own statement may be guarded (decision 0025); no settle statement is.
      expect(texts.filter((text) => text.includes('kassa_expect') && text.includes('update "transactions"'))).toEqual(
        [],
      );
      const events = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
      expect(events.some((e) => e.type === 'payment.succeeded' && e.body.includes(paid))).toBe(true);
    });
  });

  it('decides once when 20 writers settle the same attempt at once, one statement or locked (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const attempt = await processingAttempt();
      const writers = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? settleAttempt(t.ctx, attempt, captured) : settlePayment(t.ctx, attempt.id, declined),
      );
      const rows = await Promise.all(writers);
      const [final] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, attempt.id));
      // Every writer answers with the one decision that was written.
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set([final!.status]));
      const decisions = (await eventsOf(attempt.id)).filter((e) => e.type === 'captured' || e.type === 'declined');
      expect(decisions).toHaveLength(1);
      expect(await auditOf(attempt.id)).toHaveLength(1);
      const [session] = await t.ctx.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, attempt.checkoutSessionId!));
      expect(session!.status).toBe(final!.status === 'capture_succeeded' ? 'completed' : 'open');
      expect(final!.capturedAmount).toBe(final!.status === 'capture_succeeded' ? 1_500 : 0);
    }
  });
});

describe('the row a settle hands back', () => {
  const stored = async (id: string) => (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0];

  it('is the row as stored, though its update gives back only the columns the row needs from it', async () => {
    const fast = await processingAttempt();
    expect(await settleAttempt(t.ctx, fast, captured, storeAnswer)).toStrictEqual(await stored(fast.id));
    const refused = await processingAttempt();
    expect(await settleAttempt(t.ctx, refused, declined)).toStrictEqual(await stored(refused.id));
    const locked = await processingAttempt();
    expect(await settlePayment(t.ctx, locked.id, captured)).toStrictEqual(await stored(locked.id));
  });

  it('carries what another writer set on the undecided payment meanwhile (a dispute mark)', async () => {
    const attempt = await processingAttempt();
    await t.ctx.db
      .update(transactions)
      .set({ disputedAt: new Date('2026-11-01T10:00:00Z') })
      .where(eq(transactions.id, attempt.id));
    const row = await settleAttempt(t.ctx, attempt, captured);
    expect(row.disputedAt).toEqual(new Date('2026-11-01T10:00:00Z'));
    expect(row).toStrictEqual(await stored(attempt.id));
  });

  it('hands on no more than the row: what else the caller’s attempt held stays out', async () => {
    const attempt = { ...(await processingAttempt()), processorConnection: { secret: 'in memory only' } };
    const row = await settleAttempt(t.ctx, attempt, captured);
    expect(row).not.toHaveProperty('processorConnection');
  });
});

describe('settling several recorded attempts together', () => {
  const captures = (n: number) => Array.from({ length: n }, (_, i) => ({ ...captured, providerReference: `sb_${i}` }));

  it('writes every outcome in one transaction, each once, in the order given', async () => {
    const attempts = await Promise.all(Array.from({ length: 6 }, () => processingAttempt()));
    const results = captures(6);
    const opened = vi.spyOn(t.ctx.db, 'transaction');
    const settled = await settleAttemptsTogether(
      t.ctx,
      attempts.map((attempt, i) => ({ attempt, result: results[i]! })),
    );
    // PGlite runs the pipelined transaction as Drizzle's; PostgreSQL on a checked-out connection.
    if (t.ctx.database.kind === 'pglite') expect(opened).toHaveBeenCalledTimes(1);
    opened.mockRestore();
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.providerReference : s.reason))).toEqual(
      results.map((r) => r.providerReference),
    );
    for (const attempt of attempts) {
      const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, attempt.id));
      expect(row?.status).toBe('capture_succeeded');
      expect(await timeline(attempt.id)).toEqual(['captured']);
      expect(await auditOf(attempt.id)).toHaveLength(1);
    }
  });

  it('hands each outcome back to its own payment when captures and declines are settled together', async () => {
    const attempts = await Promise.all(Array.from({ length: 5 }, () => processingAttempt()));
    const results = [captured, declined, captured, declined, declined].map((r, i) => ({
      ...r,
      providerReference: `sb_mixed_${i}`,
    }));
    const settled = await settleAttemptsTogether(
      t.ctx,
      attempts.map((attempt, i) => ({ attempt, result: results[i]! })),
    );
    expect(settled.map((s) => (s.status === 'fulfilled' ? [s.value.id, s.value.status] : s.reason))).toEqual(
      attempts.map((a, i) => [a.id, results[i]!.status]),
    );
    for (const [i, attempt] of attempts.entries()) {
      const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, attempt.id));
      expect(row?.providerReference).toBe(`sb_mixed_${i}`);
      expect(await timeline(attempt.id)).toEqual([
        results[i]!.status === 'capture_succeeded' ? 'captured' : 'declined',
      ]);
    }
  });

  it('settles each on its own when one was decided meanwhile: that one stays as decided, nothing twice', async () => {
    const attempts = await Promise.all(Array.from({ length: 4 }, () => processingAttempt()));
    await settlePayment(t.ctx, attempts[2]!.id, declined);
    const settled = await settleAttemptsTogether(
      t.ctx,
      attempts.map((attempt, i) => ({ attempt, result: captures(4)[i]! })),
    );
    expect(settled.every((s) => s.status === 'fulfilled')).toBe(true);
    const statuses = await Promise.all(
      attempts.map(
        async (a) => (await t.ctx.db.select().from(transactions).where(eq(transactions.id, a.id)))[0]?.status,
      ),
    );
    expect(statuses).toEqual(['capture_succeeded', 'capture_succeeded', 'authorization_failed', 'capture_succeeded']);
    expect(await timeline(attempts[2]!.id)).toEqual(['declined']);
    for (const i of [0, 1, 3]) expect(await timeline(attempts[i]!.id)).toEqual(['captured']);
  });

  it('settles 10 batches of different payments at once without falling back: no deadlock on the rollup rows (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      // Same merchant, product, day and method: the batches share the rollup's rows, shard by shard.
      const batches = await Promise.all(
        Array.from({ length: 10 }, async () => Promise.all(Array.from({ length: 5 }, () => processingAttempt()))),
      );
      const sent = recordPoolStatements(t.ctx.db);
      const all = await Promise.all(
        batches.map((attempts) =>
          settleAttemptsTogether(
            t.ctx,
            attempts.map((attempt, i) => ({ attempt, result: captures(5)[i]! })),
          ),
        ),
      );
      const onTheirOwn = sent.texts().filter((text) => text.includes('update "transactions"'));
      sent.restore();
      // A batch that failed (a deadlock) would settle its payments one by one, outside its transaction.
      expect(onTheirOwn).toEqual([]);
      expect(all.flat().every((s) => s.status === 'fulfilled')).toBe(true);
      for (const attempt of batches.flat()) expect(await timeline(attempt.id)).toEqual(['captured']);
    }
  });

  it('decides each payment once when 20 batches settle the same attempts at once (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const attempts = await Promise.all(Array.from({ length: 3 }, () => processingAttempt()));
      const answers = attempts.map((attempt, i) => ({ attempt, result: captures(3)[i]! }));
      const all = await Promise.all(
        Array.from({ length: 20 }, (_, k) => settleAttemptsTogether(t.ctx, k % 2 ? answers.toReversed() : answers)),
      );
      expect(all.flat().every((s) => s.status === 'fulfilled')).toBe(true);
      for (const attempt of attempts) {
        expect(await timeline(attempt.id)).toEqual(['captured']);
        expect(await auditOf(attempt.id)).toHaveLength(1);
      }
    }
  });
});
