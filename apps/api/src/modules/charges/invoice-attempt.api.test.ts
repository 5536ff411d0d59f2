// An invoice's attempt (every renewal's charge, every invoice checkout) is two statements in its
// transaction: one that locks the invoice, opens the checkout session, reads the merchant's standing and
// locks the saved card, then the payment's row with COMMIT (docs/decisions/0024-renewals-exactly-once.md).
// The statements are counted at the driver as the bench counts them (bench/support/sql-capture.ts):
// a pipelined transaction's statements go out on their own connection, not through the pool.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturedStatement, captureSql } from '../../../../../bench/support/sql-capture.ts';
import { createInvoice } from '../../../test/factories/sellables.ts';
import { createCardOnFile } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createShop } from '../../../test/payments/shop.ts';
import { newBuyerAddress, payByCard } from '../../../test/support/checkout.ts';
import { customers, invoices, savedCards, transactions } from '../../db/schema.ts';
import { CARD_NOT_SAVED } from '../payment-methods/payment-methods.service.ts';
import { chargeInvoiceWithSavedCard } from './customer-charge.service.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId } = await createShop(t, { name: 'Invoice attempts', pricePerUnit: 1_000 }));
}, 180_000);
afterAll(() => t.close());

const isControl = (s: CapturedStatement) => /^\s*(begin|commit|rollback)\b/i.test(s.text);

/** The statements of the transaction that recorded the attempt (the one that locked the invoice), BEGIN and COMMIT left out. */
function attemptStatements(statements: CapturedStatement[]) {
  const at = statements.findIndex((s) => s.text.includes('"locked_invoice"'));
  expect(at, 'a statement that locks the invoice').toBeGreaterThanOrEqual(0);
  const same = (s: CapturedStatement) => s.connection === statements[at]!.connection;
  let begin = at;
  while (begin > 0 && !(same(statements[begin]!) && /^\s*begin\b/i.test(statements[begin]!.text))) begin--;
  let end = at;
  while (
    end < statements.length - 1 &&
    !(same(statements[end]!) && /^\s*(commit|rollback)\b/i.test(statements[end]!.text))
  )
    end++;
  return statements.slice(begin, end + 1).filter((s) => same(s) && !isControl(s));
}

async function customerWithCard() {
  const [customer] = await t.ctx.db
    .insert(customers)
    .values({ merchantId, mode: 'test', name: 'Renewing Member', email: `member-${crypto.randomUUID()}@example.com` })
    .returning();
  const card = await createCardOnFile(t.ctx.db, merchantId, customer!.id);
  return { customerId: customer!.id, cardId: card.id };
}

const invoiceCharge = (invoice: { id: string; totalAmount: number }, who: { customerId: string; cardId: string }) => ({
  customerId: who.customerId,
  invoiceId: invoice.id,
  amount: invoice.totalAmount,
  currency: 'USD',
  paymentMethodId: who.cardId,
  description: 'Renewal',
  transactionId: crypto.randomUUID(),
});

describe('an invoice’s attempt', () => {
  it('is two statements with a saved card: the locks, session and standing in one, the payment with COMMIT', async () => {
    const who = await customerWithCard();
    const invoice = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 2_000 });
    const { statements, result } = await captureSql(() =>
      chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, who)),
    );
    expect(result.status).toBe('capture_succeeded');
    const attempt = attemptStatements(statements);
    expect(attempt).toHaveLength(2);
    expect(attempt[0]!.text).toContain('"created_session"');
    expect(attempt[0]!.text).toContain('"charged_card"');
    console.log('SQLDUMP', attempt[0]!.text);
    expect(attempt[1]!.text).toMatch(/insert into "transactions"/i);
    const [paid] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 2_000 });
  });

  it('is two statements with a typed card on the invoice’s page', async () => {
    const invoice = await createInvoice(t.ctx.db, merchantId, { totalAmount: 3_000 });
    const token = await t.app.inject({
      method: 'POST',
      url: `/apiv1/invoice/get-checkout-token/${invoice.id}/`,
      remoteAddress: newBuyerAddress(),
      payload: {},
    });
    expect(token.statusCode, token.body).toBe(200);
    const { statements, result } = await captureSql(() =>
      payByCard(t, token.json().result.token_card, { remoteAddress: newBuyerAddress() }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().result.status).toBe('capture_succeeded');
    const attempt = attemptStatements(statements);
    expect(attempt).toHaveLength(2);
    expect(attempt[0]!.text).not.toContain('"charged_card"');
  });

  it('charges an invoice once when 20 charges of its saved card run at once (3 rounds)', async () => {
    const who = await customerWithCard();
    for (let round = 0; round < 3; round += 1) {
      const invoice = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 1_200 });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, who))),
      );
      const paid = outcomes.filter((o) => o.status === 'fulfilled' && o.value.status === 'capture_succeeded');
      expect(paid).toHaveLength(1);
      for (const o of outcomes) {
        if (o.status === 'rejected')
          expect(String((o.reason as Error).message)).toMatch(/already (in progress|been paid)|already paid/i);
      }
      const payments = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice.id));
      expect(payments.filter((p) => p.status === 'capture_succeeded')).toHaveLength(1);
      const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row).toMatchObject({ status: 'paid', amountPaid: 1_200 });
    }
  });

  it('refuses another customer’s card, a removed card and an expired one, as before, and charges nothing', async () => {
    const who = await customerWithCard();
    const stranger = await customerWithCard();
    const invoice = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 1_500 });
    await expect(
      chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, { ...who, cardId: stranger.cardId })),
    ).rejects.toMatchObject({ message: CARD_NOT_SAVED });

    const removed = await createCardOnFile(t.ctx.db, merchantId, who.customerId);
    await t.ctx.db.update(savedCards).set({ deletedAt: new Date() }).where(eq(savedCards.id, removed.id));
    await expect(
      chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, { ...who, cardId: removed.id })),
    ).rejects.toMatchObject({ message: 'This card was removed from the customer.' });

    const expired = await createCardOnFile(t.ctx.db, merchantId, who.customerId);
    await t.ctx.db.update(savedCards).set({ expYear: 2020 }).where(eq(savedCards.id, expired.id));
    await expect(
      chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, { ...who, cardId: expired.id })),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^This card expired at the end of 12\/2020/) });

    const [left] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(left).toMatchObject({ amountPaid: 0 });
    const paid = await chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, who));
    expect(paid.status).toBe('capture_succeeded');
  });
});
