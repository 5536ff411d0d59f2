// A batch of renewals records its charges' attempts in its claim's own transaction, in one statement,
// so that they commit with it (docs/decisions/0024-renewals-exactly-once.md): after the commit each
// charge only asks the processor, and the answers are settled together in one more transaction. Counted at the driver as the renewals bench counts them
// (bench/support/sql-capture.ts); on PGlite and PostgreSQL.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSql, countCommits } from '../../../../../bench/support/sql-capture.ts';
import { createDueSubscriptions, createMonthlyPrice } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createShop, createSignedInShop } from '../../../test/payments/shop.ts';
import { createApiKey } from '../../../test/support/api-keys.ts';
import { withWebhookEndpoint } from '../../../test/support/webhook-endpoints.ts';
import { invoices, merchants, savedCards, transactions, webhookEvents } from '../../db/schema.ts';
import { CARD_PAYMENT_UNDER_WAY } from '../payment-methods/payment-methods.service.ts';
import { RENEWAL_BATCH, runRenewals } from './renewals.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

/** A shop with `count` monthly subscriptions due now, each with its own customer and saved sandbox card. */
async function dueShop(name: string, count: number) {
  const { merchantId, productId } = await createShop(t, { name, pricePerUnit: 1_000 });
  const price = await createMonthlyPrice(t.ctx.db, merchantId, productId);
  const ids = await createDueSubscriptions(t.ctx.db, { merchantId, priceId: price.id, count, now: t.ctx.clock.now() });
  return { merchantId, ids };
}

const invoicesOf = (subscriptionIds: string[]) =>
  t.ctx.db.select().from(invoices).where(inArray(invoices.subscriptionId, subscriptionIds));

const paymentsOf = (merchantId: string) =>
  t.ctx.db.select().from(transactions).where(eq(transactions.merchantId, merchantId));

describe('a batch of renewals', () => {
  it('records its charges’ attempts in one statement of its claim, and each charge once', async () => {
    const { merchantId, ids } = await dueShop('Batch Gym', RENEWAL_BATCH);
    const { statements } = await captureSql(() => runRenewals(t.ctx, { maxSteps: RENEWAL_BATCH }));
    const together = statements.filter((s) => s.text.includes('"created_sessions"'));
    expect(together).toHaveLength(1);
    // No charge recorded its attempt on its own, in either path.
    expect(statements.filter((s) => /"invoice_as_read"|"locked_invoice"/.test(s.text))).toHaveLength(0);
    // The claim's commit, then one for the charges' settles together: a handful per batch, not one per renewal.
    expect(statements.filter((s) => s.text.includes('"invoice_paid"'))).toHaveLength(RENEWAL_BATCH);
    expect(countCommits(statements)).toBeLessThanOrEqual(7);

    const made = await invoicesOf(ids);
    expect(made).toHaveLength(RENEWAL_BATCH);
    expect(made.every((i) => i.status === 'paid' && i.amountPaid === i.totalAmount)).toBe(true);
    const payments = await paymentsOf(merchantId);
    expect(payments).toHaveLength(RENEWAL_BATCH);
    expect(new Set(payments.map((p) => p.invoiceId))).toEqual(new Set(made.map((i) => i.id)));
    expect(payments.every((p) => p.status === 'capture_succeeded' && p.initiator === 'merchant')).toBe(true);
  });

  it('settles the charges of a merchant that listens to invoice.paid on the locked path, which announces each', async () => {
    const { merchantId, ids } = await dueShop('Listening Gym', 4);
    await withWebhookEndpoint(t, merchantId, ['invoice.paid'], async () => {
      const { statements } = await captureSql(() => runRenewals(t.ctx, { maxSteps: 4 }));
      // No one-statement settle was sent only to fail its guard (and take the batch's others with it).
      expect(statements.filter((s) => s.text.includes('"invoice_paid"'))).toHaveLength(0);
    });
    const made = await invoicesOf(ids);
    expect(made.every((i) => i.status === 'paid')).toBe(true);
    const announced = await t.ctx.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'invoice.paid')));
    expect(announced).toHaveLength(4);
  });

  it('leaves a charge it would not take to the charge on its own: a card expired since it was saved', async () => {
    const { merchantId, ids } = await dueShop('Expired Card Gym', 3);
    const [sub] = await t.ctx.db
      .select({ customerId: savedCards.customerId })
      .from(savedCards)
      .where(eq(savedCards.merchantId, merchantId))
      .limit(1);
    await t.ctx.db
      .update(savedCards)
      .set({ expYear: 2020 })
      .where(and(eq(savedCards.merchantId, merchantId), eq(savedCards.customerId, sub!.customerId)));
    await runRenewals(t.ctx, { maxSteps: 3 });
    const made = await invoicesOf(ids);
    expect(made.filter((i) => i.status === 'paid')).toHaveLength(2);
    const open = made.filter((i) => i.status !== 'paid');
    expect(open).toHaveLength(1);
    // Refused before any payment was recorded, as the charge on its own refuses an expired card.
    const payments = await paymentsOf(merchantId);
    expect(payments.filter((p) => p.invoiceId === open[0]!.id)).toHaveLength(0);
    expect(payments.filter((p) => p.status === 'capture_succeeded')).toHaveLength(2);
  });

  it('charges nothing for a merchant blocked before the batch, and leaves its invoices open', async () => {
    const { merchantId, ids } = await dueShop('Blocked Gym', 2);
    await t.ctx.db.update(merchants).set({ isBlocked: true }).where(eq(merchants.id, merchantId));
    await runRenewals(t.ctx, { maxSteps: 2 });
    expect(await paymentsOf(merchantId)).toHaveLength(0);
    expect((await invoicesOf(ids)).every((i) => i.status !== 'paid')).toBe(true);
  });

  it('lets a card be deleted while a batch charges it: each charge finishes or is refused, none twice (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const shop = await createSignedInShop(t, { name: `Delete Race Gym ${round}`, pricePerUnit: 1_000 });
      const key = await createApiKey(t, shop.owner, ['customers:write']);
      const price = await createMonthlyPrice(t.ctx.db, shop.merchantId, shop.productId);
      const ids = await createDueSubscriptions(t.ctx.db, {
        merchantId: shop.merchantId,
        priceId: price.id,
        count: 5,
        now: t.ctx.clock.now(),
      });
      const [card] = await t.ctx.db
        .select()
        .from(savedCards)
        .where(eq(savedCards.merchantId, shop.merchantId))
        .limit(1);
      const remove = () =>
        t.app.inject({
          method: 'DELETE',
          url: `/apiv1/customer/${card!.customerId}/payment-method/${card!.id}/`,
          headers: key.header,
        });
      // The claim holds the card FOR SHARE: a delete waits for its commit, then finds the payment under
      // way (refused) or finished (done); the charge goes ahead either way, or finds the card gone.
      const [, ...deletes] = await Promise.all([
        runRenewals(t.ctx, { maxSteps: 5 }),
        ...Array.from({ length: 20 }, () => remove()),
      ]);
      for (const d of deletes) {
        expect([200, 404, 409], d.body).toContain(d.statusCode);
        if (d.statusCode === 409) expect(d.json().message).toBe(CARD_PAYMENT_UNDER_WAY);
      }
      expect(deletes.filter((d) => d.statusCode === 200).length).toBeLessThanOrEqual(1);
      if (!deletes.some((d) => d.statusCode === 200)) expect((await remove()).statusCode).toBe(200);

      const made = await invoicesOf(ids);
      expect(made).toHaveLength(5);
      const payments = await paymentsOf(shop.merchantId);
      expect(payments.filter((p) => p.status === 'processing')).toEqual([]);
      for (const invoice of made) {
        const captured = payments.filter((p) => p.invoiceId === invoice.id && p.status === 'capture_succeeded');
        expect(captured.length).toBeLessThanOrEqual(1);
        expect(invoice.status === 'paid').toBe(captured.length === 1);
        if (invoice.status === 'paid') expect(invoice.amountPaid).toBe(invoice.totalAmount);
      }
      // The other customers' cards were never in the way.
      expect(made.filter((i) => i.status === 'paid').length).toBeGreaterThanOrEqual(4);
      const [removed] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, card!.id));
      expect(removed?.deletedAt).toBeInstanceOf(Date);
    }
  });
});
