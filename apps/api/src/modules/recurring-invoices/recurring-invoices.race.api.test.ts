// Exactly once on PostgreSQL: 200 due recurring invoices and the tick fired 20 times in parallel (as
// 20 API processes would) make 200 invoices, queue 200 e-mails and charge each auto-charged one once
// at the sandbox; a template three periods behind makes each missed invoice once. Three rounds.
import { dayOf } from '@kassa/contract/recurring-invoices';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createDueRecurringInvoice } from '../../../test/factories/recurring-invoices.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { recordAuthorizations } from '../../../test/support/processor-calls.ts';
import { invoices, notifications, recurringInvoices, transactions } from '../../db/schema.ts';
import { makeDueRecurringInvoices } from './recurring-invoices.worker.ts';

const isPostgres = process.env.KASSA_TEST_DB === 'postgres';
const t = await buildTestApp();
afterAll(() => t.close());

// Every request that reaches the sandbox, counted on its way there.
const authorized = recordAuthorizations(t);

const MERCHANTS = 4;
const PER_MERCHANT = 50;
const BEHIND = 3;

/** A template of `merchantId` billing a new customer, auto-charging a saved card of theirs or not. */
const dueTemplate = (merchantId: string, anchorDate: string, autoCharge: boolean) =>
  createDueRecurringInvoice(t.ctx.db, merchantId, { anchorDate, amount: 1_500, autoCharge });

const monthsAgo = (months: number) => {
  const at = new Date(t.clock.now());
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  return dayOf(at);
};

describe.runIf(isPostgres)('recurring invoices are made exactly once under parallel ticks', () => {
  it('200 due templates, 20 parallel ticks: 200 invoices, 200 e-mails, one charge each; catch-up once; 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      authorized.length = 0;
      const templates: (typeof recurringInvoices.$inferSelect)[] = [];
      for (let m = 0; m < MERCHANTS; m++) {
        const merchantId = (await createMerchant(t.ctx.db, { name: `Recurring race ${round}.${m}` })).id;
        for (let i = 0; i < PER_MERCHANT; i++) {
          templates.push(await dueTemplate(merchantId, dayOf(t.clock.now()), i % 2 === 0));
        }
      }
      // Two months and a day behind (the server was down): this month's and the two missed ones.
      const behind = await dueTemplate(templates[0]!.merchantId, monthsAgo(BEHIND - 1), false);
      const ids = templates.map((r) => r.id);

      await Promise.all(Array.from({ length: 20 }, () => makeDueRecurringInvoices(t.ctx)));

      const made = await t.ctx.db.select().from(invoices).where(inArray(invoices.recurringInvoiceId, ids));
      expect(made).toHaveLength(200);
      expect(new Set(made.map((i) => i.recurringInvoiceId)).size).toBe(200);
      expect(made.every((i) => i.recurringOccurrence === 1 && i.status !== 'draft')).toBe(true);
      // Every merchant's numbers are its own series, with no gap and no double.
      for (const merchantId of new Set(made.map((i) => i.merchantId))) {
        const numbers = made
          .filter((i) => i.merchantId === merchantId)
          .map((i) => i.invoiceNumber)
          .sort();
        expect(new Set(numbers).size).toBe(PER_MERCHANT);
      }
      const madeIds = made.map((i) => i.id);
      const [mails] = await t.ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(and(inArray(notifications.invoiceId, madeIds), eq(notifications.kind, 'invoice_sent')));
      expect(mails?.n).toBe(200);

      const autoCharged = new Set(templates.filter((r) => r.autoCharge).map((r) => r.id));
      const chargedInvoiceIds = made.filter((i) => autoCharged.has(i.recurringInvoiceId!)).map((i) => i.id);
      expect(chargedInvoiceIds).toHaveLength(100);
      const payments = await t.ctx.db
        .select({ invoiceId: transactions.invoiceId, status: transactions.status, n: sql<number>`1` })
        .from(transactions)
        .where(inArray(transactions.invoiceId, chargedInvoiceIds));
      expect(payments).toHaveLength(100);
      expect(new Set(payments.map((p) => p.invoiceId)).size).toBe(100);
      expect(payments.every((p) => p.status === 'capture_succeeded')).toBe(true);
      expect(
        made
          .filter((i) => i.status === 'paid')
          .map((i) => i.id)
          .sort(),
      ).toEqual([...chargedInvoiceIds].sort());
      // At the sandbox: one merchant-initiated scheduled (`subscription`) charge per auto-charged invoice, no more.
      expect(authorized).toHaveLength(100);
      expect(
        authorized.every(
          (r) => r.method === 'saved_card' && r.initiator === 'merchant' && r.recurring === 'subscription',
        ),
      ).toBe(true);

      const caughtUp = await t.ctx.db
        .select({ occurrence: invoices.recurringOccurrence, dueDate: invoices.dueDate })
        .from(invoices)
        .where(eq(invoices.recurringInvoiceId, behind.id))
        .orderBy(invoices.recurringOccurrence);
      expect(caughtUp.map((i) => i.occurrence)).toEqual([1, 2, 3]);
      expect(new Set(caughtUp.map((i) => i.dueDate)).size).toBe(3);
      const [after] = await t.ctx.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, behind.id));
      expect(after).toMatchObject({ invoicesMade: 3, status: 'active' });
      expect(after!.nextSendDate! > dayOf(t.clock.now())).toBe(true);

      // Nothing is due any more: another burst of ticks makes nothing.
      const again = await Promise.all(Array.from({ length: 20 }, () => makeDueRecurringInvoices(t.ctx)));
      expect(again.reduce((a, b) => a + b, 0)).toBe(0);
    }
  }, 300_000);
});
