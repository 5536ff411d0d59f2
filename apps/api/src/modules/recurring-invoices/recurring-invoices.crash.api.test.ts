// A crash between an occurrence's commit and its automatic charge: the charge is a claimed job written
// with the invoice (docs/decisions/0024-renewals-exactly-once.md), so a restarted process charges it,
// exactly once, however many ticks run at once, and a process dying mid-charge is taken over after its
// lease with the same payment id. Races: PostgreSQL, 20 ticks at once, three rounds.
import { dayOf } from '@kassa/contract/recurring-invoices';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createDueRecurringInvoice } from '../../../test/factories/recurring-invoices.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { recordAuthorizations } from '../../../test/support/processor-calls.ts';
import { invoices, sandboxVaultCards, transactions } from '../../db/schema.ts';
import { claimDueAutoCharge } from './recurring-invoices.queries.ts';
import { chargeDueRecurringInvoices, makeDueOccurrences } from './recurring-invoices.worker.ts';

const isPostgres = process.env.KASSA_TEST_DB === 'postgres';
const t = await buildTestApp();
afterAll(() => t.close());

// Every request that reaches the sandbox, counted on its way there.
const authorized = recordAuthorizations(t);

/** A due auto-charged template of a new customer with a saved card. */
const dueTemplate = (merchantId: string) =>
  createDueRecurringInvoice(t.ctx.db, merchantId, {
    anchorDate: dayOf(t.clock.now()),
    amount: 2_500,
    autoCharge: true,
  });

const invoicesOf = (templateIds: string[]) =>
  t.ctx.db.select().from(invoices).where(inArray(invoices.recurringInvoiceId, templateIds));
const paymentsOf = (invoiceIds: string[]) =>
  t.ctx.db.select().from(transactions).where(inArray(transactions.invoiceId, invoiceIds));

describe('the automatic charge of a recurring invoice survives a crash', () => {
  it('the invoice is committed with its charge due; the restarted tick charges it once', async () => {
    authorized.length = 0;
    const merchantId = (await createMerchant(t.ctx.db, { name: 'Crash once' })).id;
    const template = await dueTemplate(merchantId);
    // The process dies right after the commit: only the first step ran.
    expect(await makeDueOccurrences(t.ctx)).toBe(1);
    const [open] = await invoicesOf([template.id]);
    expect(open).toMatchObject({ status: 'sent', attemptCount: 0 });
    expect(open!.nextPaymentAttemptAt).not.toBeNull();

    expect(await chargeDueRecurringInvoices(t.ctx)).toBe(1);
    expect(await chargeDueRecurringInvoices(t.ctx)).toBe(0);
    const [paid] = await invoicesOf([template.id]);
    expect(paid).toMatchObject({ status: 'paid', nextPaymentAttemptAt: null });
    expect((await paymentsOf([paid!.id])).map((p) => p.status)).toEqual(['capture_succeeded']);
    expect(authorized).toHaveLength(1);
  });

  it('a process that dies holding the claim is taken over after its lease, with the same payment id', async () => {
    authorized.length = 0;
    const merchantId = (await createMerchant(t.ctx.db, { name: 'Crash mid-charge' })).id;
    const template = await dueTemplate(merchantId);
    await makeDueOccurrences(t.ctx);
    const now = t.clock.now();
    // Claimed, then the process is gone before it asked the processor.
    expect(await claimDueAutoCharge(t.ctx.db, now, new Date(now.getTime() + 10 * 60_000), 3)).toBeDefined();
    expect(await chargeDueRecurringInvoices(t.ctx)).toBe(0);
    t.clock.advance(11 * 60_000);
    try {
      expect(await chargeDueRecurringInvoices(t.ctx)).toBe(1);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
    const [paid] = await invoicesOf([template.id]);
    expect(paid).toMatchObject({ status: 'paid', attemptCount: 2 });
    expect(await paymentsOf([paid!.id])).toHaveLength(1);
    expect(authorized).toHaveLength(1);
  });

  it('a decline ends the charge: the invoice stays open and is not charged again', async () => {
    const merchantId = (await createMerchant(t.ctx.db, { name: 'Crash decline' })).id;
    const template = await dueTemplate(merchantId);
    await makeDueOccurrences(t.ctx);
    await t.ctx.db
      .update(sandboxVaultCards)
      .set({ behaviour: 'declines_later' })
      .where(eq(sandboxVaultCards.customerRef, template.customerId));
    expect(await chargeDueRecurringInvoices(t.ctx)).toBe(1);
    t.clock.advance(11 * 60_000);
    try {
      expect(await chargeDueRecurringInvoices(t.ctx)).toBe(0);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
    const [after] = await invoicesOf([template.id]);
    expect(after).toMatchObject({ status: 'sent', nextPaymentAttemptAt: null });
    expect((await paymentsOf([after!.id])).map((p) => p.status)).toEqual(['authorization_failed']);
  });
});

describe.runIf(isPostgres)('crash recovery under 20 parallel ticks on PostgreSQL', () => {
  it('60 invoices committed uncharged, 20 charge ticks at once: one charge each; 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      authorized.length = 0;
      const merchantId = (await createMerchant(t.ctx.db, { name: `Crash race ${round}` })).id;
      const templates = [];
      for (let i = 0; i < 60; i++) templates.push(await dueTemplate(merchantId));
      const ids = templates.map((r) => r.id);
      expect(await makeDueOccurrences(t.ctx)).toBe(60);

      const tried = await Promise.all(Array.from({ length: 20 }, () => chargeDueRecurringInvoices(t.ctx)));
      expect(tried.reduce((a, b) => a + b, 0)).toBe(60);

      const rows = await invoicesOf(ids);
      expect(rows).toHaveLength(60);
      expect(rows.every((r) => r.status === 'paid' && r.attemptCount === 1)).toBe(true);
      const payments = await paymentsOf(rows.map((r) => r.id));
      expect(payments).toHaveLength(60);
      expect(new Set(payments.map((p) => p.invoiceId)).size).toBe(60);
      expect(authorized).toHaveLength(60);
      const again = await Promise.all(Array.from({ length: 20 }, () => chargeDueRecurringInvoices(t.ctx)));
      expect(again.reduce((a, b) => a + b, 0)).toBe(0);
    }
  }, 300_000);
});
