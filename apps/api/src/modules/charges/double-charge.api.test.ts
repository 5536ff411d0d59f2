// A buyer is charged at most once for one payable object, however many checkout sessions race for it.
// These run on PGlite and, in CI, on PostgreSQL, where the requests really overlap: PGlite runs one
// query at a time and would pass even without the database guards.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createMerchantWithOwner } from '../../../test/payments/shop.ts';
import { newBuyerAddress, openCheckout, payByCard, testCard } from '../../../test/support/checkout.ts';
import { invoices, transactions } from '../../db/schema.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId } = await createMerchantWithOwner(t, { name: 'Race Outfitters', ownerEmail: 'owner@race.test' }));
});
afterAll(() => t.close());

const BUYERS = 20;
const ROUNDS = 3;
// Each buyer comes from an address of its own, as real buyers do, so the per-address limits stay out of the way.
async function invoiceTokens(invoiceId: string, count: number) {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1)
    tokens.push((await openCheckout(t, { invoice: invoiceId }, newBuyerAddress())).token_card);
  return tokens;
}
const charge = (token: string, number?: string) =>
  payByCard(t, token, { card: testCard(number), remoteAddress: newBuyerAddress() });

async function liveTransactionsOf(invoiceId: string) {
  return t.ctx.db
    .select({ id: transactions.id, status: transactions.status, captured: transactions.capturedAmount })
    .from(transactions)
    .where(eq(transactions.invoiceId, invoiceId));
}

describe('one invoice, many buyers paying at the same moment', () => {
  it(`captures exactly once when ${BUYERS} checkout sessions charge together (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 777, status: 'sent' });
      const tokens = await invoiceTokens(inv.id, BUYERS);
      const answers = await Promise.all(tokens.map((token) => charge(token)));

      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s >= 500),
        answers.map((r) => r.body).join('\n'),
      ).toEqual([]);
      const captured = answers.filter((r) => r.statusCode === 200 && r.json().result.status === 'capture_succeeded');
      expect(captured).toHaveLength(1);
      // Everyone else is told the invoice is paid or that a payment is under way — never charged.
      for (const r of answers) {
        if (r === captured[0]) continue;
        expect([409, 422]).toContain(r.statusCode);
        expect(r.json().message).toMatch(/already been paid|already in progress/);
      }

      const rows = await liveTransactionsOf(inv.id);
      expect(rows.filter((r) => r.status === 'capture_succeeded')).toEqual([
        { id: captured[0]!.json().result.id, status: 'capture_succeeded', captured: 777 },
      ]);
      expect(rows.filter((r) => r.status === 'processing')).toEqual([]);
      const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, inv.id));
      expect(invoice).toMatchObject({ status: 'paid', paidTransactionId: captured[0]!.json().result.id });
    }
  });

  it('a buyer whose approval is pending loses the invoice to one who paid, and can no longer approve', async () => {
    const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 1_500, status: 'sent' });
    const [first, second] = await invoiceTokens(inv.id, 2);
    const pending = (await charge(first!, '4000000000003220')).json().result;
    expect(pending.status).toBe('buyer_approval_pending');

    const paid = await charge(second!);
    expect(paid.json().result.status).toBe('capture_succeeded');

    const reference = new URL(pending.payment_method.approval_url).pathname.split('/').at(-1)!;
    const approve = await t.app.inject({
      method: 'POST',
      url: `/apiv1/pay/approval/${reference}/`,
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode).toBeGreaterThanOrEqual(400);
    expect(approve.statusCode).toBeLessThan(500);
    const captured = (await liveTransactionsOf(inv.id)).filter((r) => r.status === 'capture_succeeded');
    expect(captured.map((r) => r.id)).toEqual([paid.json().result.id]);
  });
});

describe('one checkout session, many parallel submits', () => {
  it(`captures a product checkout once when its token is charged ${BUYERS} times at once`, async () => {
    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 990 });
    for (let round = 0; round < ROUNDS; round += 1) {
      const token = (await openCheckout(t, { product: product.id })).token_card;
      const answers = await Promise.all(Array.from({ length: BUYERS }, () => charge(token)));
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      const id = ok[0]!.json().result.id as string;
      const rows = await t.ctx.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.productId, product.id), eq(transactions.status, 'capture_succeeded')));
      expect(rows.filter((r) => r.id === id)).toHaveLength(1);
      expect(rows).toHaveLength(round + 1);
    }
  });
});
