// An invoice's payment is settled in one autocommit statement like a product's (settleAttempt): the
// invoice takes the payment in that statement, under its balance guards, unless someone listens to
// the invoice's events, which the locked path then announces. Runs on PGlite and on PostgreSQL, where
// the payers really overlap.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInvoice } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import { newBuyerAddress, payByCard } from '../../../test/support/checkout.ts';
import { recordPoolStatements } from '../../../test/support/pool-statements.ts';
import { withWebhookEndpoint } from '../../../test/support/webhook-endpoints.ts';
import { checkoutSessions, invoices, transactionEvents, transactions, webhookEvents } from '../../db/schema.ts';
import { settleAttempt } from './settle-payment.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId } = await createSignedInShop(t, {
    name: 'Ledger Joinery',
    ownerEmail: 'owner@ledger.test',
    pricePerUnit: 1_000,
  }));
});
afterAll(() => t.close());

async function tokens(invoiceId: string, count: number, amount?: number) {
  const made: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/apiv1/invoice/get-checkout-token/${invoiceId}/`,
      remoteAddress: newBuyerAddress(),
      payload: amount === undefined ? {} : { amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    made.push(res.json().result.token_card);
  }
  return made;
}

/** A buyer pays with one of the invoice's tokens: the payment as the API answered it. */
async function pay(token: string) {
  const res = await payByCard(t, token, { remoteAddress: newBuyerAddress() });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().result.status).toBe('capture_succeeded');
  return res.json().result as { id: string };
}

const invoiceOf = async (id: string) => (await t.ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const eventTypes = async (transactionId: string) =>
  (await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, transactionId))).map(
    (e) => e.type,
  );

/** The settle statements sent outside transactions while `run` runs: those that update a payment. */
async function settleStatements(run: () => Promise<unknown>) {
  const sent = recordPoolStatements(t.ctx.db);
  try {
    await run();
    return sent.texts().filter((text) => /update "transactions"/.test(text) && text.includes('kassa_expect'));
  } finally {
    sent.restore();
  }
}

describe('an invoice payment settled in one statement', () => {
  it('pays the whole invoice in the statement that settles the payment, without a transaction', async () => {
    const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 4_000, status: 'sent' });
    const [token] = await tokens(inv.id, 1);
    let paid: { id: string } | undefined;
    const opened = vi.spyOn(t.ctx.db, 'transaction');
    const settles = await settleStatements(async () => {
      paid = await pay(token!);
    });
    // The attempt may queue on the invoice in a transaction of its own; the answer takes none.
    const settleTransactions = opened.mock.calls.length;
    opened.mockRestore();
    expect(settles).toHaveLength(1);
    expect(settles[0]).toContain('update "invoices"');
    expect(settleTransactions).toBeLessThanOrEqual(1);
    expect(await invoiceOf(inv.id)).toMatchObject({
      status: 'paid',
      amountPaid: 4_000,
      balanceDue: 0,
      paidTransactionId: paid!.id,
      nextPaymentAttemptAt: null,
    });
    expect(await eventTypes(paid!.id)).not.toContain('duplicate_payment');
  });

  it('takes partial payments one statement each: partially paid, then paid when the balance reaches zero', async () => {
    const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 10_000, status: 'sent', allowPartial: true });
    const seen: string[] = [];
    for (const amount of [3_000, 3_000, 4_000]) {
      const [token] = await tokens(inv.id, 1, amount);
      const settles = await settleStatements(() => pay(token!));
      expect(settles).toHaveLength(1);
      expect(settles[0]).toContain('update "invoices"');
      const now = await invoiceOf(inv.id);
      seen.push(`${now.status} ${now.amountPaid}`);
    }
    expect(seen).toEqual(['partially_paid 3000', 'partially_paid 6000', 'paid 10000']);
  });

  it('announces invoice.paid through the locked path when an endpoint listens to it', async () => {
    await withWebhookEndpoint(t, merchantId, ['invoice.paid'], async () => {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 2_500, status: 'sent' });
      const [token] = await tokens(inv.id, 1);
      const paid = await pay(token!);
      const events = await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'invoice.paid')));
      expect(events.filter((e) => e.body.includes(inv.id))).toHaveLength(1);
      expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 2_500, paidTransactionId: paid.id });
      expect((await eventTypes(paid.id)).filter((type) => type === 'captured')).toHaveLength(1);
    });
  });

  it('announces invoice.partially_paid through the locked path, and pays the rest quietly in one statement', async () => {
    await withWebhookEndpoint(t, merchantId, ['invoice.partially_paid'], async () => {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 5_000, status: 'sent', allowPartial: true });
      const [first] = await tokens(inv.id, 1, 2_000);
      await pay(first!);
      const heard = await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'invoice.partially_paid')));
      expect(heard.filter((e) => e.body.includes(inv.id))).toHaveLength(1);
      // Nobody listens to invoice.paid: the payment that completes it needs no announcement.
      const [rest] = await tokens(inv.id, 1, 3_000);
      const settles = await settleStatements(() => pay(rest!));
      expect(settles).toHaveLength(1);
      expect(settles[0]).toContain('update "invoices"');
      expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 5_000 });
    });
  });

  it('leaves a payment the invoice can no longer take to the locked path: nothing written twice, the duplicate flagged', async () => {
    const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 3_000, status: 'sent' });
    const [token] = await tokens(inv.id, 1);
    const paid = await pay(token!);
    // The same payment as step 1 left it, while the invoice was paid meanwhile (by its own first settle).
    await t.ctx.db.delete(transactionEvents).where(eq(transactionEvents.transactionId, paid.id));
    const [attempt] = await t.ctx.db
      .update(transactions)
      .set({ status: 'processing', capturedAmount: 0, providerReference: null })
      .where(eq(transactions.id, paid.id))
      .returning();
    await t.ctx.db
      .update(checkoutSessions)
      .set({ status: 'open' })
      .where(eq(checkoutSessions.id, attempt!.checkoutSessionId!));
    const row = await settleAttempt(t.ctx, attempt!, {
      status: 'capture_succeeded',
      providerReference: 'sb_late',
      authorizedAmount: 3_000,
      capturedAmount: 3_000,
    });
    expect(row.status).toBe('capture_succeeded');
    expect((await eventTypes(paid.id)).sort()).toEqual(['captured', 'duplicate_payment']);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 3_000, paidTransactionId: paid.id });
  });

  it('lets exactly one of 20 buyers paying the whole invoice at once pay it (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 7_000, status: 'sent' });
      const list = await tokens(inv.id, 20);
      const answers = await Promise.all(list.map((token) => payByCard(t, token, { remoteAddress: newBuyerAddress() })));
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const charged = answers.filter((r) => r.statusCode === 200 && r.json().result.status === 'capture_succeeded');
      expect(charged).toHaveLength(1);
      const payments = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, inv.id));
      expect(payments.filter((p) => p.status === 'capture_succeeded')).toHaveLength(1);
      expect(payments.filter((p) => p.status === 'processing')).toHaveLength(0);
      expect(await invoiceOf(inv.id)).toMatchObject({
        status: 'paid',
        amountPaid: 7_000,
        paidTransactionId: charged[0]!.json().result.id,
      });
    }
  });
});
