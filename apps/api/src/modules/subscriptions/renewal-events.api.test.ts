// A batch of renewals writes its events together (docs/decisions/0024-renewals-exactly-once.md): the
// subscription.updated of every roll-over and the invoice.created of every new invoice in one statement
// each. Under 20 ticks fired at once, every renewal still announces exactly once — one subscription.updated
// and one invoice.created per period, and its payment's invoice.paid — each with one delivery to the
// endpoint that takes it, and the event carries its own invoice (its number and lines), never another's.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDueSubscriptions, createMonthlyPrice } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createShop } from '../../../test/payments/shop.ts';
import { invoices, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { sealWebhookSecret } from '../webhooks/webhooks.service.ts';
import { runRenewals } from './renewals.service.ts';

const isPostgres = process.env.KASSA_TEST_DB === 'postgres';
const SUBSCRIPTIONS = isPostgres ? 200 : 30;
const PARALLEL_TICKS = 20;
const DAY = 86_400_000;

let t: TestApp;
let merchantId: string;
let priceId: string;
let endpointId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const shop = await createShop(t, { name: 'Announced renewals', pricePerUnit: 1_000 });
  merchantId = shop.merchantId;
  priceId = (await createMonthlyPrice(t.ctx.db, merchantId, shop.productId)).id;
  endpointId = crypto.randomUUID();
  await t.ctx.db.insert(webhookEndpoints).values({
    id: endpointId,
    merchantId,
    url: 'https://hooks.example.com/kassa',
    mode: 'test',
    eventTypes: ['subscription.updated', 'invoice.created', 'invoice.paid'],
    secretSealed: sealWebhookSecret(t.ctx.keys, merchantId, endpointId, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
  });
}, 120_000);
afterAll(() => t.close());

/** The merchant's events of one type: the id their body names, and how many deliveries each has. */
async function eventsOf(type: string) {
  const rows = await t.ctx.db
    .select({ body: webhookEvents.body, deliveries: count(webhookDeliveries.id) })
    .from(webhookEvents)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
    .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, type)))
    .groupBy(webhookEvents.id);
  return rows.map((r) => ({ data: JSON.parse(r.body).data, deliveries: Number(r.deliveries) }));
}

describe('a batch of renewals announces each renewal once', () => {
  it(`${PARALLEL_TICKS} parallel ticks over ${SUBSCRIPTIONS} due subscriptions, 2 rounds`, async () => {
    const ids = await createDueSubscriptions(t.ctx.db, {
      merchantId,
      priceId,
      count: SUBSCRIPTIONS,
      now: t.clock.now(),
    });
    for (let round = 1; round <= 2; round++) {
      await Promise.all(Array.from({ length: PARALLEL_TICKS }, () => runRenewals(t.ctx)));
      const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.merchantId, merchantId));
      expect(rows).toHaveLength(SUBSCRIPTIONS * round);

      const created = await eventsOf('invoice.created');
      expect(created).toHaveLength(SUBSCRIPTIONS * round);
      expect(created.every((e) => e.deliveries === 1)).toBe(true);
      // Each event is its own invoice's: one per invoice, with that invoice's number and its line.
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(new Set(created.map((e) => e.data.id)).size).toBe(SUBSCRIPTIONS * round);
      for (const e of created) {
        const invoice = byId.get(e.data.id)!;
        expect(e.data.invoice_number).toBe(invoice.invoiceNumber);
        expect(e.data.invoice_number.startsWith('~')).toBe(false);
        expect(e.data.invoice_items).toHaveLength(1);
      }

      const updated = await eventsOf('subscription.updated');
      expect(updated).toHaveLength(SUBSCRIPTIONS * round);
      expect(updated.every((e) => e.deliveries === 1)).toBe(true);
      const perSubscription = new Map<string, number>();
      for (const e of updated) perSubscription.set(e.data.id, (perSubscription.get(e.data.id) ?? 0) + 1);
      expect([...perSubscription.keys()].sort()).toEqual([...ids].sort());
      expect([...perSubscription.values()].every((n) => n === round)).toBe(true);

      const paid = await eventsOf('invoice.paid');
      expect(paid).toHaveLength(SUBSCRIPTIONS * round);
      expect(new Set(paid.map((e) => e.data.id)).size).toBe(SUBSCRIPTIONS * round);
      expect(paid.every((e) => e.deliveries === 1 && e.data.status === 'paid')).toBe(true);
      const unpaid = await t.ctx.db.$count(
        invoices,
        sql`${invoices.merchantId} = ${merchantId} and ${invoices.status} <> 'paid'`,
      );
      expect(unpaid).toBe(0);
      t.clock.advance(32 * DAY);
    }
  }, 900_000);
});
