import { APP, ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvoice } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { terminalBilling } from '../../../test/support/buyer.ts';
import { payByCard } from '../../../test/support/checkout.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { pdfImageCount, pdfText } from '../../../test/support/pdf-text.ts';
import { invoices, merchants, notifications } from '../../db/schema.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { announceCapturedPayment } from '../notifications/notifications.service.ts';
import { deliverQueueBacklog } from '../notifications/notifications.worker.ts';
import { imageStoreOf } from '../uploads/image-store.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const call = apiCaller(t);
const team = await signInMerchantTeam(t, {
  merchant: {
    name: 'Reyes Outdoor',
    address: '12 Pine Road',
    city: 'Bend',
    state: 'OR',
    zipCode: '97701',
    taxId: 'US-12-3456789',
  },
  subUserAccess: { [APP.INVOICES]: [1] },
  inactiveHubStatus: 2,
});
const { owner, staff, subUser: invoiceViewer, merchantId, otherMerchantId } = team;
const terminalClerk = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.VIRTUAL_TERMINAL]: [1] },
});
const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
const otherOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: otherMerchantId });

async function newInvoice(send: boolean, over: Record<string, unknown> = {}) {
  const res = await call(owner, 'POST', '/invoice/', {
    customer_first_name: 'Dana',
    customer_last_name: 'Reyes',
    customer_email: 'dana@example.com',
    business_name: 'Reyes Design',
    invoice_number: `PDF-${Math.floor(Math.random() * 1e9)}`,
    due_date: '2030-01-31',
    currency: 'EUR',
    items: [
      { item_type: 2, item_name: 'Trail Jacket', quantity: 2, price: 12_900 },
      { item_type: 2, item_name: 'Alterations', quantity: 1, price: 1_999 },
    ],
    discount_type: 'amount',
    discount_amount: 2_000,
    shipping_percentage: '5',
    tax_type: 'amount',
    tax_amount: 1_500,
    send,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; invoice_number: string; total_amount: number };
}

const isPdf = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
};

describe('GET /invoice/{id}/pdf/', () => {
  it('is the invoice on the merchant letterhead: number, bill-to, lines, amounts and the payment link', async () => {
    const invoice = await newInvoice(true);
    // 2 × 129.00 + 19.99 = 277.99; discount €20.00; base 257.99; shipping 5 % = 12.8995 → 12.90; tax €15.00
    expect(invoice.total_amount).toBe(27_799 - 2_000 + 1_290 + 1_500);
    const res = await call(owner, 'GET', `/invoice/${invoice.id}/pdf/`);
    expect(res.statusCode, res.body).toBe(200);
    isPdf(res);
    expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${invoice.invoice_number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Reyes Outdoor',
      '12 Pine Road',
      'Bend, OR 97701',
      'Tax ID: US-12-3456789',
      'INVOICE',
      invoice.invoice_number,
      'Due Jan 31, 2030',
      'Status Awaiting payment',
      'BILL TO Dana Reyes Reyes Design dana@example.com',
      'Trail Jacket 2 €129.00 €258.00',
      'Alterations 1 €19.99 €19.99',
      'Sub-total €277.99',
      'Discount -€20.00',
      'Shipping (5.00%) €12.90',
      'Tax €15.00',
      'Total due €285.89',
      `http://kassa.test/invoice/copy/${invoice.id}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('of an invoice paid in part shows the amount paid and the balance due', async () => {
    const invoice = await newInvoice(true);
    await t.ctx.db
      .update(invoices)
      .set({ amountPaid: 10_000, status: 'partially_paid' })
      .where(eq(invoices.id, invoice.id));
    const text = await pdfText((await call(owner, 'GET', `/invoice/${invoice.id}/pdf/`)).rawPayload);
    for (const expected of ['Status Partially paid', 'Total €285.89', 'Amount paid -€100.00', 'Balance due €185.89']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Total due');
  });

  it("is in the customer's language: a German customer's invoice reads in German, with German money and dates", async () => {
    const customer = await call(owner, 'POST', '/customer/', {
      name: 'Jonas Weber',
      email: 'jonas@example.de',
      mode: 'test',
      locale: 'de',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().result.locale).toBe('de');
    const invoice = await newInvoice(true, { customer_id: customer.json().result.id });
    await t.ctx.db
      .update(invoices)
      .set({ amountPaid: 10_000, status: 'partially_paid' })
      .where(eq(invoices.id, invoice.id));
    // Intl puts a no-break space between amount and sign in German ("129,00 €"); read as a space here.
    const pdf = await pdfText((await call(owner, 'GET', `/invoice/${invoice.id}/pdf/`)).rawPayload);
    const text = pdf.replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of [
      'RECHNUNG',
      `Rechnungsnummer ${invoice.invoice_number}`,
      'Fällig 31.01.2030',
      'Status Teilweise bezahlt',
      'RECHNUNG AN Dana Reyes',
      'Trail Jacket 2 129,00 € 258,00 €',
      'Zwischensumme 277,99 €',
      'Rabatt -20,00 €',
      'Versand (5,00 %) 12,90 €',
      'Steuer 15,00 €',
      'Gesamt 285,89 €',
      'Bereits bezahlt -100,00 €',
      'Offener Betrag 185,89 €',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Sub-total');
  });

  it("carries the merchant's uploaded logo, and goes out without one that cannot be drawn", async () => {
    const png = await QRCode.toBuffer('Reyes Outdoor');
    const logo = await imageStoreOf(t.ctx).save(merchantId, png, { contentType: 'image/png', ext: 'png' });
    await t.ctx.db.update(merchants).set({ logo }).where(eq(merchants.id, merchantId));
    try {
      const invoice = await newInvoice(false);
      const res = await call(owner, 'GET', `/invoice/${invoice.id}/pdf/`);
      expect(res.statusCode).toBe(200);
      expect(await pdfImageCount(res.rawPayload)).toBe(1);
      // WebP is a logo format Kassa takes but pdfkit cannot draw: the document still comes, without it.
      const webp = await imageStoreOf(t.ctx).save(merchantId, Buffer.from('RIFF0000WEBPVP8 '), {
        contentType: 'image/webp',
        ext: 'webp',
      });
      await t.ctx.db.update(merchants).set({ logo: webp }).where(eq(merchants.id, merchantId));
      const withoutLogo = await call(owner, 'GET', `/invoice/${invoice.id}/pdf/`);
      expect(withoutLogo.statusCode).toBe(200);
      expect(await pdfImageCount(withoutLogo.rawPayload)).toBe(0);
    } finally {
      await t.ctx.db.update(merchants).set({ logo: null }).where(eq(merchants.id, merchantId));
    }
  });

  it('is for the roles that read invoices: owner, staff, a sub-user with invoice view; 404 for another merchant', async () => {
    const invoice = await newInvoice(false);
    const url = `/invoice/${invoice.id}/pdf/`;
    expect((await call(staff, 'GET', url)).statusCode).toBe(200);
    expect((await call(invoiceViewer, 'GET', url)).statusCode).toBe(200);
    expect((await call(terminalClerk, 'GET', url)).statusCode).toBe(403);
    expect((await call(admin, 'GET', url)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const foreign = await call(otherOwner, 'GET', url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      status: 'error',
      message: 'Invoice not found.',
      request_id: expect.any(String),
    });
    const draft = await pdfText((await call(owner, 'GET', url)).rawPayload);
    expect(draft).toContain('Status Draft');
    expect(draft).not.toContain('PAY ONLINE');
    const bad = await call(owner, 'GET', '/invoice/not-an-id/pdf/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: 'id', message: 'Not a valid id' }] });
  });

  it('is attached to the invoice e-mail', async () => {
    const invoice = await newInvoice(true, { customer_email: 'attach@example.com' });
    const mail = t.mail.lastTo('attach@example.com');
    expect(mail?.attachments).toEqual([
      {
        filename: `invoice-${invoice.invoice_number}.pdf`,
        content: expect.any(Buffer),
        contentType: 'application/pdf',
      },
    ]);
    expect(await pdfText(mail!.attachments![0]!.content)).toContain(invoice.invoice_number);
  });
});

describe('GET /invoice/public-invoice/{id}/pdf/', () => {
  it("is the buyer's copy without signing in; a draft or a voided invoice does not exist for a buyer", async () => {
    const invoice = await newInvoice(true);
    const res = await call(null, 'GET', `/invoice/public-invoice/${invoice.id}/pdf/`);
    expect(res.statusCode, res.body).toBe(200);
    isPdf(res);
    expect(await pdfText(res.rawPayload)).toContain(`Reyes Outdoor`);
    const draft = await newInvoice(false);
    expect((await call(null, 'GET', `/invoice/public-invoice/${draft.id}/pdf/`)).statusCode).toBe(404);
    const voided = await createInvoice(t.ctx.db, merchantId, { status: 'void' });
    expect((await call(null, 'GET', `/invoice/public-invoice/${voided.id}/pdf/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/invoice/public-invoice/1/pdf/')).statusCode).toBe(400);
  });
});

const receiptUrl = (id: string, refundId?: string) =>
  `/transaction/${id}/receipt/pdf/${refundId ? `?refund_id=${refundId}` : ''}`;

describe('GET /transaction/{id}/receipt/pdf/', () => {
  it("is a payment's receipt, then one refund's receipt, for the merchant's transaction readers", async () => {
    const payment = await createTransaction(t.ctx.db, merchantId, {
      amount: 4_250,
      description: 'Two tents',
      buyerEmail: 'ada@example.com',
    });
    const res = await call(owner, 'GET', receiptUrl(payment.id));
    expect(res.statusCode, res.body).toBe(200);
    isPdf(res);
    expect(res.headers['content-disposition']).toBe(`inline; filename="receipt-${payment.id.slice(0, 8)}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Reyes Outdoor',
      'RECEIPT',
      'Ada Lovelace',
      'Visa •••• 4242',
      'Two tents $42.50',
      'Amount paid $42.50',
    ]) {
      expect(text).toContain(expected);
    }
    const refunded = await call(owner, 'POST', `/transaction/${payment.id}/refund/`, {
      amount: 1_250,
      reason: 'One tent back',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = refunded.json().result.refunds[0].id as string;
    const refundPdf = await call(staff, 'GET', receiptUrl(payment.id, refundId));
    expect(refundPdf.statusCode, refundPdf.body).toBe(200);
    expect(refundPdf.headers['content-disposition']).toBe(
      `inline; filename="refund-receipt-${refundId.slice(0, 8)}.pdf"`,
    );
    const refundText = await pdfText(refundPdf.rawPayload);
    for (const expected of ['REFUND RECEIPT', 'Original payment $42.50', 'Amount refunded $12.50', 'One tent back']) {
      expect(refundText).toContain(expected);
    }
    expect(await pdfText((await call(terminalClerk, 'GET', receiptUrl(payment.id))).rawPayload)).toContain(
      'Refunded -$12.50',
    );
  });

  it('answers 404 for another merchant and an unknown refund, 422 when no money was taken', async () => {
    const payment = await createTransaction(t.ctx.db, merchantId);
    expect((await call(otherOwner, 'GET', receiptUrl(payment.id))).statusCode).toBe(404);
    // Whoever reads the transaction reads its receipt: the back office too.
    expect((await call(admin, 'GET', receiptUrl(payment.id))).statusCode).toBe(200);
    expect((await call(null, 'GET', receiptUrl(payment.id))).statusCode).toBe(401);
    const otherRefund = await call(owner, 'GET', receiptUrl(payment.id, crypto.randomUUID()));
    expect(otherRefund.statusCode).toBe(404);
    expect(otherRefund.json().message).toBe('This refund does not exist or has not gone through.');
    const declined = await createTransaction(t.ctx.db, merchantId, { status: 'authorization_failed' });
    const none = await call(owner, 'GET', receiptUrl(declined.id));
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('This payment has not taken any money, so it has no receipt.');
    const bad = await call(owner, 'GET', `/transaction/${payment.id}/receipt/pdf/?refund_id=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: 'refund_id', message: 'Not a valid refund id' }] });
  });
});

const mailsTo = (to: string): MailMessage[] => t.mail.sent.filter((m) => m.to === to);

describe('receipt e-mails', () => {
  it('sends the buyer one receipt after a payment and one per refund, HTML and text with the PDF, while the setting is on', async () => {
    const buyer = `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const payment = await createTransaction(t.ctx.db, merchantId, { amount: 5_000, buyerEmail: buyer });
    await announceCapturedPayment(t.ctx.db, payment);
    await announceCapturedPayment(t.ctx.db, payment);
    await deliverQueueBacklog(t.ctx);
    const [receipt, ...more] = mailsTo(buyer);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ subject: 'Your receipt from Reyes Outdoor' });
    expect(receipt!.text).toContain('Amount paid: $50.00');
    expect(receipt!.html).toContain('$50.00');
    expect(receipt!.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(await pdfText(receipt!.attachments![0]!.content)).toContain('Amount paid $50.00');

    for (const amount of [1_000, 1_500]) {
      const res = await call(owner, 'POST', `/transaction/${payment.id}/refund/`, { amount });
      expect(res.statusCode, res.body).toBe(200);
    }
    await deliverQueueBacklog(t.ctx);
    const refunds = mailsTo(buyer).slice(1);
    expect(refunds.map((m) => m.subject)).toEqual(['Your refund from Reyes Outdoor', 'Your refund from Reyes Outdoor']);
    expect(refunds.map((m) => m.text.match(/Refunded: (\S+)/)?.[1])).toEqual(['$10.00', '$15.00']);
    expect(await pdfText(refunds[1]!.attachments![0]!.content)).toContain('Amount refunded $15.00');
  });

  it('sends one receipt per payment and one per refund under 20 parallel refunds and announcements, 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyer = `race-${round}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const payment = await createTransaction(t.ctx.db, merchantId, { amount: 2_000, buyerEmail: buyer });
      await Promise.all(Array.from({ length: 20 }, () => announceCapturedPayment(t.ctx.db, payment)));
      const refunds = await Promise.all(
        Array.from({ length: 20 }, () => call(owner, 'POST', `/transaction/${payment.id}/refund/`, { amount: 100 })),
      );
      expect(refunds.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      await deliverQueueBacklog(t.ctx);
      const queued = await t.ctx.db
        .select({ kind: notifications.kind, refundId: notifications.refundId })
        .from(notifications)
        .where(and(eq(notifications.transactionId, payment.id), eq(notifications.recipient, buyer)));
      expect(queued.filter((n) => n.kind === 'buyer_receipt')).toHaveLength(1);
      expect(new Set(queued.filter((n) => n.kind === 'buyer_refund_receipt').map((n) => n.refundId)).size).toBe(20);
      const subjects = mailsTo(buyer).map((m) => m.subject);
      expect(subjects.filter((s) => s === 'Your receipt from Reyes Outdoor')).toHaveLength(1);
      expect(subjects.filter((s) => s === 'Your refund from Reyes Outdoor')).toHaveLength(20);
    }
  }, 120_000);

  it('sends none after a payment or a refund once the owner turns "E-mail receipts to buyers" off', async () => {
    const profile = await call(owner, 'GET', '/auth/merchant-profile/');
    expect(profile.json().result).toMatchObject({ email_receipts: true, tax_id: 'US-12-3456789' });
    const off = await call(owner, 'PATCH', '/auth/merchant-profile/', { email_receipts: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result.email_receipts).toBe(false);
    try {
      const buyer = `quiet-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const payment = await createTransaction(t.ctx.db, merchantId, { amount: 5_000, buyerEmail: buyer });
      await announceCapturedPayment(t.ctx.db, payment);
      expect((await call(owner, 'POST', `/transaction/${payment.id}/refund/`, { amount: 500 })).statusCode).toBe(200);
      await deliverQueueBacklog(t.ctx);
      expect(mailsTo(buyer)).toEqual([]);
    } finally {
      await call(owner, 'PATCH', '/auth/merchant-profile/', { email_receipts: true });
    }
  });

  it('sends a Virtual Terminal receipt only when "E-mail a receipt" was ticked, whatever e-mail was typed', async () => {
    for (const emailReceipt of [false, true]) {
      const buyer = `phone-${emailReceipt}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const open = await call(owner, 'POST', '/virtual-terminal/checkout/', {
        amount: 2_000,
        currency: 'USD',
        customer_email: buyer,
        email_receipt: emailReceipt,
      });
      expect(open.statusCode, open.body).toBe(200);
      const paid = await payByCard(t, open.json().result.token_card, {
        billing: { ...terminalBilling, emailAddress: buyer },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      await deliverQueueBacklog(t.ctx);
      expect(mailsTo(buyer).length).toBe(emailReceipt ? 1 : 0);
    }
  });
});
