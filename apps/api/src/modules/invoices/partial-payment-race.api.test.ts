// "Never more than the balance" (docs/product-rules.md#partial-payments) with many buyers paying parts
// of one invoice at the same moment. Run on PostgreSQL (api-postgres), where the requests really
// overlap; PGlite runs one query at a time and would pass even without the database guards.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { newBuyerAddress, payByCard } from '../../../test/support/checkout.ts';
import { invoices, transactions } from '../../db/schema.ts';

let t: TestApp;
let merchantId: string;
let owner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId, owner } = await createSignedInShop(t, {
    name: 'Parts Joinery',
    ownerEmail: 'owner@parts.test',
    pricePerUnit: 1_000,
  }));
});
afterAll(() => t.close());

const BUYERS = 20;
const ROUNDS = 3;
const TOTAL = 10_000;

async function tokens(invoiceId: string, amount: number, count: number) {
  const made: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/apiv1/invoice/get-checkout-token/${invoiceId}/`,
      remoteAddress: newBuyerAddress(),
      payload: { amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    made.push(res.json().result.token_card);
  }
  return made;
}

/** Every buyer pays at once; the answers, with no server error among them. */
async function burst(tokenList: string[]) {
  const answers = await Promise.all(
    tokenList.map((token) => payByCard(t, token, { remoteAddress: newBuyerAddress() })),
  );
  expect(
    answers.filter((r) => r.statusCode >= 500).map((r) => r.body),
    'no server errors',
  ).toEqual([]);
  for (const r of answers) {
    if (r.statusCode === 200) continue;
    // Everyone not charged is told why: a payment under way, or the balance is smaller now.
    expect([409, 422], r.body).toContain(r.statusCode);
    expect(r.json().message).toMatch(/already in progress|more than the balance|already been paid/);
  }
  return answers.filter((r) => r.statusCode === 200 && r.json().result.status === 'capture_succeeded').length;
}

/** What the database holds: the invoice, and what its payments captured. */
async function stored(invoiceId: string) {
  const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const payments = await t.ctx.db
    .select({ captured: transactions.capturedAmount, status: transactions.status })
    .from(transactions)
    .where(eq(transactions.invoiceId, invoiceId));
  const captured = payments.filter((p) => p.status === 'capture_succeeded');
  return {
    invoice: invoice!,
    capturedSum: captured.reduce((sum, p) => sum + p.captured, 0),
    capturedCount: captured.length,
    processing: payments.filter((p) => p.status === 'processing').length,
  };
}

describe(`one invoice paid in parts by ${BUYERS} buyers at once`, () => {
  it(`reaches exactly the total and is paid then, never more (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: TOTAL, status: 'sent', allowPartial: true });
      // Parts of 1,000: ten make the total. Bursts of 20 until the balance is zero.
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const before = await stored(inv.id);
        if (before.invoice.balanceDue === 0) break;
        await burst(await tokens(inv.id, 1_000, BUYERS));
        const after = await stored(inv.id);
        expect(after.capturedSum).toBe(after.invoice.amountPaid);
        expect(after.invoice.amountPaid).toBeLessThanOrEqual(TOTAL);
        expect(after.invoice.status).toBe(after.invoice.amountPaid === TOTAL ? 'paid' : 'partially_paid');
      }
      const end = await stored(inv.id);
      expect(end).toMatchObject({ capturedSum: TOTAL, capturedCount: 10, processing: 0 });
      expect(end.invoice).toMatchObject({ status: 'paid', amountPaid: TOTAL, balanceDue: 0 });
    }
  });

  it(`lets only the parts that fit through when ${BUYERS} buyers each bring 3,000 of 10,000 (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: TOTAL, status: 'sent', allowPartial: true });
      // All tokens are opened while the whole balance is due; at most three of 3,000 fit in 10,000.
      const all = await tokens(inv.id, 3_000, BUYERS * 2);
      let charged = 0;
      for (const slice of [all.slice(0, BUYERS), all.slice(BUYERS)]) {
        charged += await burst(slice);
        const now = await stored(inv.id);
        expect(now.capturedSum).toBe(now.invoice.amountPaid);
        expect(now.invoice.amountPaid).toBeLessThanOrEqual(9_000);
      }
      const end = await stored(inv.id);
      expect(charged).toBe(end.capturedCount);
      expect(end.capturedCount).toBeLessThanOrEqual(3);
      expect(end.invoice).toMatchObject({ status: 'partially_paid', amountPaid: 3_000 * end.capturedCount });
    }
  });

  it(`keeps amount paid equal to what was captured less refunds when refunds race ${BUYERS} payers (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: TOTAL, status: 'sent', allowPartial: true });
      const paid: string[] = [];
      for (const token of await tokens(inv.id, 2_000, 2)) {
        const res = await payByCard(t, token, { remoteAddress: newBuyerAddress() });
        expect(res.json().result.status).toBe('capture_succeeded');
        paid.push(res.json().result.id);
      }
      // Both parts refunded while 20 buyers pay parts of 1,000 at the same moment.
      const payers = await tokens(inv.id, 1_000, BUYERS);
      const refundBoth = Promise.all(
        paid.map((id) =>
          t.app.inject({
            method: 'POST',
            url: `/apiv1/transaction/${id}/refund/`,
            headers: owner.auth,
            payload: { amount: 2_000 },
          }),
        ),
      );
      const [refunds] = await Promise.all([refundBoth, burst(payers)]);
      expect(refunds.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = await t.ctx.db
        .select({ captured: transactions.capturedAmount, refunded: transactions.refundedAmount })
        .from(transactions)
        .where(eq(transactions.invoiceId, inv.id));
      const net = rows.reduce((sum, p) => sum + p.captured - p.refunded, 0);
      const end = await stored(inv.id);
      expect(end.invoice.amountPaid).toBe(net);
      expect(end.invoice.amountPaid).toBeLessThanOrEqual(TOTAL);
      expect(end.invoice.status).toBe(net === 0 ? 'sent' : net === TOTAL ? 'paid' : 'partially_paid');
    }
  });
});
