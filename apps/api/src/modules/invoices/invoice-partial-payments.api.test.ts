// Invoices paid in parts (docs/product-rules.md#partial-payments): the deposit and partial-payment
// fields of the invoice calls, the amount rules of get-checkout-token, what each payment, refund and
// void does to the amount paid, balance due and status, the events announced, and the customer picker.
import { APP } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import type { TestSession } from '../../../test/session.ts';
import { newBuyerAddress, payByCard } from '../../../test/support/checkout.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { customers, invoices, webhookEvents } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';
import { deliverQueueBacklog } from '../notifications/notifications.worker.ts';

let t: TestApp;
let owner: TestSession;
let staff: TestSession;
let clerk: TestSession; // Invoices: view + create
let inactiveHub: TestSession;
let merchantId: string;
let otherMerchantId: string;
let call: ReturnType<typeof apiCaller>;

let seq = 0;
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
/** One named line of `total` minor units, no tax: the invoice's total is exactly `total`. */
const body = (total: number, overrides: Record<string, unknown> = {}) => ({
  customer_first_name: 'Noor',
  customer_email: 'noor@example.com',
  invoice_number: `PP-${++seq}`,
  due_date: inDays(30),
  currency: 'USD',
  items: [{ item_type: 2, item_name: 'Kitchen repair', quantity: 1, price: total }],
  ...overrides,
});
const create = async (total: number, overrides: Record<string, unknown> = {}) => {
  const res = await call(owner, 'POST', '/invoice/', body(total, { send: true, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result;
};
const tokenFor = (invoiceId: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/invoice/get-checkout-token/${invoiceId}/`,
    remoteAddress: newBuyerAddress(),
    payload,
  });
/** A buyer pays `amount` of the invoice on its public page with the sandbox's 4242 card. */
async function pay(invoiceId: string, amount?: number) {
  const token = await tokenFor(invoiceId, amount === undefined ? {} : { amount });
  expect(token.statusCode, token.body).toBe(200);
  const res = await payByCard(t, token.json().result.token_card, { remoteAddress: newBuyerAddress() });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().result.status).toBe('capture_succeeded');
  return res.json().result as { id: string };
}
const read = async (id: string) => (await call(owner, 'GET', `/invoice/${id}/`)).json().result;

beforeAll(async () => {
  t = await buildTestApp();
  const team = await signInMerchantTeam(t, {
    merchant: { name: 'Haddad Kitchens' },
    subUserAccess: { [APP.INVOICES]: [1, 2] },
    inactiveHubStatus: 2,
  });
  ({ merchantId, otherMerchantId, owner, staff, inactiveHub, subUser: clerk } = team);
  call = apiCaller(t);
  await createProduct(t.ctx.db, merchantId, { name: 'Tap', pricePerUnit: 5_000 });
});
afterAll(() => t.close());

describe('deposit and partial payments on the invoice', () => {
  it('takes a deposit as an amount or as a percentage (rounded up), and answers amount paid and balance due', async () => {
    const byAmount = await create(10_000, { deposit_amount: 2_500, allow_partial: true });
    expect(byAmount).toMatchObject({
      total_amount: 10_000,
      deposit_amount: 2_500,
      allow_partial: true,
      amount_paid: 0,
      balance_due: 10_000,
      payments: [],
    });
    // 30 % of 333.33 is 99.999: the buyer is never asked for less than the percentage.
    const byPercent = await create(33_333, { deposit_percentage: '30' });
    expect(byPercent).toMatchObject({ deposit_amount: 10_000, allow_partial: false, balance_due: 33_333 });
    const listed = (await call(owner, 'GET', `/invoice/?search=${byAmount.invoice_number}`)).json().result.results;
    expect(listed[0]).toMatchObject({ amount_paid: 0, balance_due: 10_000 });
  });

  it('refuses a deposit over the total, both forms at once, and bad values, with the field named', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ deposit_amount: 10_001 }, 'deposit_amount', /more than the invoice total of \$100\.00/],
      [{ deposit_amount: 100, deposit_percentage: 10 }, 'deposit_amount', /amount or as a percentage, not both/],
      [{ deposit_amount: -1 }, 'deposit_amount', /./],
      [{ deposit_amount: 12.5 }, 'deposit_amount', /whole number/],
      [{ deposit_percentage: '101' }, 'deposit_percentage', /0 to 100/],
      [{ allow_partial: 'yes' }, 'allow_partial', /./],
    ];
    for (const [extra, path, message] of cases) {
      const res = await call(owner, 'POST', '/invoice/', body(10_000, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const field = res.json().errors.find((d: { path: string }) => d.path === path);
      expect(field?.message, JSON.stringify(extra)).toMatch(message);
    }
  });
});

describe('get-checkout-token with an amount', () => {
  it('enforces deposit first, then parts of at least the minimum, never over the balance', async () => {
    const inv = await create(10_000, { deposit_amount: 3_000, allow_partial: true });
    const refused: [unknown, number, RegExp][] = [
      [10_001, 400, /more than the balance due of \$100\.00/],
      [2_999, 400, /at least the deposit of \$30\.00/],
      [-5, 400, /above zero/],
      [0, 400, /above zero/],
      [12.5, 400, /whole number/],
      ['3000', 400, /minor units/],
    ];
    for (const [amount, status, message] of refused) {
      const res = await tokenFor(inv.id, { amount });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(status);
      expect(res.json().message, String(amount)).toMatch(message);
      expect(res.json().request_id).toBeTruthy();
    }

    await pay(inv.id, 3_000);
    expect(await read(inv.id)).toMatchObject({ status: 'partially_paid', amount_paid: 3_000, balance_due: 7_000 });
    // After the deposit any part of at least $0.50 will do.
    expect((await tokenFor(inv.id, { amount: 49 })).json().message).toBe('The smallest part you can pay is $0.50.');
    await pay(inv.id, 50);
    expect((await tokenFor(inv.id, { amount: 6_951 })).json().message).toMatch(/balance due of \$69\.50/);
    // Without an amount the checkout is for the whole balance.
    await pay(inv.id);
    const paid = await read(inv.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 10_000, balance_due: 0 });
    expect(paid.payments.map((p: { amount: number }) => p.amount)).toEqual([3_000, 50, 6_950]);
    const again = await tokenFor(inv.id, { amount: 100 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This invoice has already been paid.');
  });

  it('without partial payments takes only the deposit, then the whole balance', async () => {
    const inv = await create(8_000, { deposit_amount: 2_000 });
    expect((await tokenFor(inv.id, { amount: 2_500 })).json().message).toBe(
      'Pay the deposit of $20.00 or the whole balance of $80.00.',
    );
    await pay(inv.id, 2_000);
    expect((await tokenFor(inv.id, { amount: 1_000 })).json().message).toBe(
      'This invoice is paid in full: pay the balance of $60.00.',
    );
    await pay(inv.id, 6_000);
    expect(await read(inv.id)).toMatchObject({ status: 'paid', balance_due: 0 });
  });

  it('an invoice without deposit or partial payments is paid whole, as before', async () => {
    const inv = await create(4_000);
    expect((await tokenFor(inv.id, { amount: 1_000 })).json().message).toBe(
      'This invoice is paid in full: pay the balance of $40.00.',
    );
    await pay(inv.id, 4_000);
    expect(await read(inv.id)).toMatchObject({ status: 'paid', amount_paid: 4_000, balance_due: 0 });
  });

  it('refuses a checkout opened for more than what is left once another buyer paid a part', async () => {
    const inv = await create(5_000, { allow_partial: true });
    const late = await tokenFor(inv.id, { amount: 5_000 });
    await pay(inv.id, 1_000);
    const res = await payByCard(t, late.json().result.token_card, { remoteAddress: newBuyerAddress() });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/more than the balance due of \$40\.00\. Reload the invoice/);
    expect(await read(inv.id)).toMatchObject({ amount_paid: 1_000, balance_due: 4_000 });
  });

  it('shows the buyer amount paid, balance due and the payments on the public invoice and checkout', async () => {
    const inv = await create(6_000, { deposit_amount: 1_500, allow_partial: true });
    await pay(inv.id, 1_500);
    const pub = (await t.app.inject({ method: 'GET', url: `/apiv1/invoice/public-invoice/${inv.id}/` })).json().result;
    expect(pub).toMatchObject({
      status: 'partially_paid',
      amount_paid: 1_500,
      balance_due: 4_500,
      deposit_amount: 1_500,
    });
    expect(pub.payments).toMatchObject([{ amount: 1_500, refunded_amount: 0, card_last4: '4242' }]);
    expect(JSON.stringify(pub)).not.toContain('noor@example.com');
    const details = (await t.app.inject({ method: 'GET', url: `/apiv1/invoice/checkout-details/${inv.id}/` })).json();
    expect(details.result).toMatchObject({
      amount_paid: 1_500,
      balance_due: 4_500,
      allow_partial: true,
      is_paid: false,
    });
  });
});

describe('what refunds do to the balance', () => {
  it('a refund reduces the amount paid in the same step: paid → partially paid → open', async () => {
    const inv = await create(9_000, { allow_partial: true });
    const first = await pay(inv.id, 4_000);
    const second = await pay(inv.id, 5_000);
    expect(await read(inv.id)).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const refund = (id: string, amount: number) => call(owner, 'POST', `/transaction/${id}/refund/`, { amount });

    expect((await refund(second.id, 2_000)).statusCode).toBe(200);
    let now = await read(inv.id);
    expect(now).toMatchObject({ status: 'partially_paid', amount_paid: 7_000, balance_due: 2_000, paid_at: null });
    expect(now.payments).toMatchObject([
      { id: first.id, refunded_amount: 0 },
      { id: second.id, refunded_amount: 2_000 },
    ]);
    expect((await refund(second.id, 3_000)).statusCode).toBe(200);
    expect((await refund(first.id, 4_000)).statusCode).toBe(200);
    now = await read(inv.id);
    // Open again, as sent (the buyer never opened its page): the buyer can pay it once more.
    expect(now).toMatchObject({ status: 'sent', amount_paid: 0, balance_due: 9_000 });
    await pay(inv.id);
    expect(await read(inv.id)).toMatchObject({ status: 'paid', amount_paid: 9_000 });
  });

  it('a partly paid invoice cannot be edited or voided: its payments were made against it', async () => {
    const inv = await create(3_000, { allow_partial: true });
    await pay(inv.id, 1_000);
    const edit = await call(owner, 'PUT', `/invoice/${inv.id}/`, body(5_000, { invoice_number: inv.invoice_number }));
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toMatch(/partly paid and can no longer be changed/);
    expect((await call(owner, 'DELETE', `/invoice/${inv.id}/`)).statusCode).toBe(422);
  });
});

describe('events', () => {
  it('announces invoice.partially_paid for a part and invoice.paid when the balance reaches zero', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: '/apiv1/developers/webhook-endpoints/',
      headers: owner.auth,
      payload: { url: 'https://93.184.215.14/kassa', mode: 'test', events: ['invoice.partially_paid', 'invoice.paid'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const inv = await create(2_000, { allow_partial: true });
    await pay(inv.id, 500);
    await pay(inv.id, 1_500);
    const events = await t.ctx.db
      .select({ type: webhookEvents.type, body: webhookEvents.body })
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantId));
    const ofInvoice = events
      .map((e) => JSON.parse(e.body))
      .filter((e) => e.data.id === inv.id)
      .map((e) => [e.type, e.data.amount_paid, e.data.balance_due]);
    expect(ofInvoice).toEqual([
      ['invoice.partially_paid', 500, 1_500],
      ['invoice.paid', 2_000, 0],
    ]);
  });
});

describe('e-mails', () => {
  it('the receipt and the merchant’s notice say what was paid and what remains', async () => {
    const inv = await create(5_000, { deposit_amount: 2_000 });
    const invoiceMail = t.mail.sent.find((m) => m.subject.includes(inv.invoice_number));
    expect(invoiceMail?.text).toContain('A deposit of $20.00 is due first.');
    await deliverQueueBacklog(t.ctx);
    const before = t.mail.sent.length;
    await pay(inv.id, 2_000);
    await deliverQueueBacklog(t.ctx);
    const mails = t.mail.sent.slice(before);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    for (const mail of mails) {
      expect(mail.text).toContain('Invoice paid so far: $20.00');
      expect(mail.text).toContain('Balance due: $30.00');
    }
  });
});

describe('the invoice customer', () => {
  let customerId: string;
  let otherCustomerId: string;
  beforeAll(async () => {
    const [mine] = await t.ctx.db
      .insert(customers)
      .values({ merchantId, mode: 'test', name: 'Noor Haddad', email: 'noor@haddad.test' })
      .returning();
    await t.ctx.db.insert(customers).values({ merchantId, mode: 'live', name: 'Noor Live', email: 'live@haddad.test' });
    const [theirs] = await t.ctx.db
      .insert(customers)
      .values({ merchantId: otherMerchantId, mode: 'test', name: 'Noor Other', email: 'other@else.test' })
      .returning();
    customerId = mine!.id;
    otherCustomerId = theirs!.id;
  });

  it('offers the merchant’s own customers of its mode, by search', async () => {
    const res = await call(owner, 'GET', '/invoice/customers/?search=noor');
    expect(res.statusCode, res.body).toBe(200);
    // The buyers typed on this merchant's invoices above are its customers too; another merchant's never.
    const offered = res.json().result as { id: string }[];
    expect(offered).toContainEqual({ id: customerId, name: 'Noor Haddad', email: 'noor@haddad.test' });
    expect(offered.map((c) => c.id)).not.toContain(otherCustomerId);
    expect((await call(clerk, 'GET', '/invoice/customers/')).statusCode).toBe(200);
    expect((await call(inactiveHub, 'GET', '/invoice/customers/')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/invoice/customers/')).statusCode).toBe(401);
    expect((await call(owner, 'GET', `/invoice/customers/?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('links an invoice to its customer; another merchant’s or another mode’s customer is 404', async () => {
    const inv = await create(1_000, { customer_id: customerId });
    expect(inv.customer_id).toBe(customerId);
    const [row] = await t.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, inv.id)));
    expect(row!.customerId).toBe(customerId);
    const listed = (await call(owner, 'GET', `/invoice/?customer_id=${customerId}`)).json().result.results;
    expect(listed.map((i: { id: string }) => i.id)).toContain(inv.id);

    const theirs = await call(owner, 'POST', '/invoice/', body(1_000, { customer_id: otherCustomerId }));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toMatch(/Customer not found/);
    const [live] = await t.ctx.db.select().from(customers).where(eq(customers.email, 'live@haddad.test'));
    expect((await call(owner, 'POST', '/invoice/', body(1_000, { customer_id: live!.id }))).statusCode).toBe(404);
    const bad = await call(owner, 'POST', '/invoice/', body(1_000, { customer_id: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'customer_id', message: 'Choose a customer from the list' });
    expect((await call(staff, 'POST', '/invoice/', body(1_000, { customer_id: otherCustomerId }))).statusCode).toBe(
      404,
    );
  });
});
