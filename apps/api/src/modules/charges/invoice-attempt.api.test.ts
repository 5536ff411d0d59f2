// An invoice's attempt (an invoice checkout, a renewal's charge the batch did not read for) is two
// statements in its transaction: one that locks the invoice, opens the checkout session, reads the
// merchant's standing and locks the saved card, then the payment's row with COMMIT
// (docs/decisions/0024-renewals-exactly-once.md). A renewal's charge, whose invoice and card its batch
// read, is one statement that holds only while both are as read (docs/decisions/0025-an-attempt-in-one-statement.md).
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
import { INVOICE_ALREADY_PAID } from '../checkout/checkout.service.ts';
import { CARD_NOT_SAVED, chargeableCardsOfCustomers } from '../payment-methods/payment-methods.service.ts';
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

/** 20 charges of one invoice at once: one captures, the others are told it is paid or in progress. */
async function expectPaidOnceBy20(
  invoice: { id: string; totalAmount: number },
  charge: () => ReturnType<typeof chargeInvoiceWithSavedCard>,
) {
  const outcomes = await Promise.allSettled(Array.from({ length: 20 }, charge));
  const paid = outcomes.filter((o) => o.status === 'fulfilled' && o.value.status === 'capture_succeeded');
  expect(paid).toHaveLength(1);
  for (const o of outcomes) {
    if (o.status === 'rejected')
      expect(String((o.reason as Error).message)).toMatch(/already (in progress|been paid)/i);
  }
  const payments = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice.id));
  expect(payments.filter((p) => p.status === 'capture_succeeded')).toHaveLength(1);
  const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  expect(row).toMatchObject({ status: 'paid', amountPaid: invoice.totalAmount });
}

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
      await expectPaidOnceBy20(invoice, () => chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(invoice, who)));
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

/** The invoice and the card as a renewal's batch reads them, for the charge's `asRead`. */
async function asReadNow(invoiceId: string, who: { customerId: string; cardId: string }) {
  const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [owner] = await t.ctx.db.select().from(customers).where(eq(customers.id, who.customerId));
  const read = (await chargeableCardsOfCustomers(t.ctx.db, [who.customerId])).find((c) => c.card.id === who.cardId);
  return { invoice: invoice!, card: { ...read!, owner: owner! } };
}

const recordedAttempt = (statements: CapturedStatement[]) => ({
  asRead: statements.filter((s) => s.text.includes('"invoice_as_read"')),
  locked: statements.filter((s) => s.text.includes('"locked_invoice"')),
});

describe('an invoice’s attempt as its renewal read it', () => {
  it('is one statement, no BEGIN, when the invoice and the card are as read', async () => {
    const who = await customerWithCard();
    const invoice = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 2_200 });
    const asRead = await asReadNow(invoice.id, who);
    // The process has seen the merchant's standing (a first charge); the next one is decided from it.
    await chargeInvoiceWithSavedCard(
      t.ctx,
      invoiceCharge(await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 100 }), who),
    );
    const { statements, result } = await captureSql(() =>
      chargeInvoiceWithSavedCard(t.ctx, { ...invoiceCharge(invoice, who), asRead }),
    );
    expect(result.status).toBe('capture_succeeded');
    const attempt = recordedAttempt(statements);
    expect(attempt.asRead).toHaveLength(1);
    expect(attempt.locked).toHaveLength(0);
    expect(statements.filter((s) => /^\s*begin\b/i.test(s.text))).toHaveLength(0);
    const [paid] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 2_200 });
  });

  it('leaves it to the locked path when the invoice was paid, voided or its card changed since the read', async () => {
    const who = await customerWithCard();
    await chargeInvoiceWithSavedCard(
      t.ctx,
      invoiceCharge(await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 100 }), who),
    );

    const paidMeanwhile = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 1_000 });
    const stalePaid = await asReadNow(paidMeanwhile.id, who);
    expect((await chargeInvoiceWithSavedCard(t.ctx, invoiceCharge(paidMeanwhile, who))).status).toBe(
      'capture_succeeded',
    );
    await expect(
      chargeInvoiceWithSavedCard(t.ctx, { ...invoiceCharge(paidMeanwhile, who), asRead: stalePaid }),
    ).rejects.toMatchObject({ message: INVOICE_ALREADY_PAID });

    const voided = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 1_000 });
    const staleVoid = await asReadNow(voided.id, who);
    await t.ctx.db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, voided.id));
    await expect(
      chargeInvoiceWithSavedCard(t.ctx, { ...invoiceCharge(voided, who), asRead: staleVoid }),
    ).rejects.toMatchObject({ message: 'This invoice does not exist.' });

    const cardChanged = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 1_000 });
    const staleCard = await asReadNow(cardChanged.id, who);
    await t.ctx.db.update(savedCards).set({ expMonth: 11, expYear: 2041 }).where(eq(savedCards.id, who.cardId));
    const { statements, result } = await captureSql(() =>
      chargeInvoiceWithSavedCard(t.ctx, { ...invoiceCharge(cardChanged, who), asRead: staleCard }),
    );
    expect(result.status).toBe('capture_succeeded');
    expect(recordedAttempt(statements).locked).toHaveLength(1);
    const charged = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, paidMeanwhile.id));
    expect(charged.filter((p) => p.status === 'capture_succeeded')).toHaveLength(1);
    const [left] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, voided.id));
    expect(left).toMatchObject({ status: 'void', amountPaid: 0 });
  });

  it('charges an invoice once when 20 charges as read run at once (3 rounds)', async () => {
    const who = await customerWithCard();
    await chargeInvoiceWithSavedCard(
      t.ctx,
      invoiceCharge(await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 100 }), who),
    );
    for (let round = 0; round < 3; round += 1) {
      const invoice = await createInvoice(t.ctx.db, merchantId, { customerId: who.customerId, totalAmount: 1_300 });
      const asRead = await asReadNow(invoice.id, who);
      await expectPaidOnceBy20(invoice, () =>
        chargeInvoiceWithSavedCard(t.ctx, { ...invoiceCharge(invoice, who), asRead }),
      );
    }
  });
});
