import { APP, ROLE } from '@kassa/contract/access';
import { formatCalendarDate } from '@kassa/contract/date-display';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createInvoice, createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { providerConnections } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';

let t: TestApp;
let owner: TestSession;
let staff: TestSession;
let clerk: TestSession; // Invoices: view + create
let inactiveHub: TestSession;
let merchantId: string;
let productId: string;
let eurProductId: string;
let otherProductId: string;
let otherInvoiceId: string;

const today = () => new Date(t.clock.now()).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
let seq = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  customer_first_name: 'dana',
  customer_last_name: 'Reyes',
  customer_email: 'Dana@Example.com',
  business_name: 'Reyes Design',
  invoice_number: `T-${++seq}`,
  due_date: inDays(14),
  description: 'Spring collection',
  currency: 'USD',
  items: [
    { item_type: 1, product_id: productId, quantity: 2 },
    { item_type: 2, item_name: 'Alterations', quantity: 1, price: 1_999 },
  ],
  discount_percentage: '10',
  shipping_percentage: 5,
  tax_percentage: '8.25',
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const team = await signInMerchantTeam(t, {
    merchant: { name: 'Reyes Outdoor', address: '12 Pine Road', city: 'Bend', state: 'OR' },
    subUserAccess: { [APP.INVOICES]: [1, 2] },
    inactiveHubStatus: 2,
  });
  ({ merchantId, owner, staff, inactiveHub, subUser: clerk } = team);
  productId = (await createProduct(t.ctx.db, merchantId, { name: 'Trail Jacket', pricePerUnit: 12_900 })).id;
  eurProductId = (await createProduct(t.ctx.db, merchantId, { name: 'Euro cap', currency: 'EUR' })).id;
  otherProductId = (await createProduct(t.ctx.db, team.otherMerchantId)).id;
  otherInvoiceId = (await createInvoice(t.ctx.db, team.otherMerchantId)).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (session: TestSession | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv1${url}`, headers: session?.auth ?? {}, ...(payload ? { payload } : {}) });
const create = async (overrides: Record<string, unknown> = {}, session = owner) => {
  const res = await call(session, 'POST', '/invoice/', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result;
};

describe('invoice totals', () => {
  it('computes every total on the server, ignoring totals the client sends', async () => {
    const invoice = await create({ total_amount: 1, sub_total_amount: 1 });
    // 2 × 129.00 + 19.99 = 277.99; discount 10 % = 27.799 → 27.80; base 250.19;
    // shipping 5 % = 12.5095 → 12.51; tax 8.25 % = 20.640675 → 20.64; total 283.34
    expect(invoice).toMatchObject({
      currency: 'USD',
      sub_total_amount: 27_799,
      discount_amount: 2_780,
      discount_percentage: '10.00',
      shipping_amount: 1_251,
      shipping_percentage: '5.00',
      tax_amount: 2_064,
      tax_percentage: '8.25',
      total_amount: 28_334,
      status: 'draft',
      customer_email: 'dana@example.com',
    });
    expect(invoice.invoice_items).toEqual([
      {
        item_type: 1,
        product_id: productId,
        product_name: 'Trail Jacket',
        item_name: null,
        quantity: 2,
        price: 12_900,
        total_price: 25_800,
      },
      {
        item_type: 2,
        product_id: null,
        product_name: null,
        item_name: 'Alterations',
        quantity: 1,
        price: 1_999,
        total_price: 1_999,
      },
    ]);
  });

  it('rounds half-up to the minor unit of JPY and BHD', async () => {
    // JPY has no minor unit: 3 × ¥333 = 999; 12.5 % discount = 124.875 → 125; base 874;
    // shipping 0.5 % = 4.37 → 4; tax 10 % = 87.4 → 87; total 965
    const jpy = await create({
      currency: 'JPY',
      items: [{ item_type: 2, item_name: 'Tea', quantity: 3, price: 333 }],
      discount_percentage: '12.5',
      shipping_percentage: '0.5',
      tax_percentage: 10,
    });
    expect(jpy).toMatchObject({
      sub_total_amount: 999,
      discount_amount: 125,
      shipping_amount: 4,
      tax_amount: 87,
      total_amount: 965,
    });
    // BHD has three decimals: 1.005 BHD = 1005 fils; 15 % discount = 150.75 → 151; base 854;
    // shipping 2.5 % = 21.35 → 21; tax 10 % = 85.4 → 85; total 960
    const bhd = await create({
      currency: 'BHD',
      items: [{ item_type: 2, item_name: 'Service', quantity: 1, price: 1_005 }],
      discount_percentage: 15,
      shipping_percentage: '2.50',
      tax_percentage: '10.00',
    });
    expect(bhd).toMatchObject({
      sub_total_amount: 1_005,
      discount_amount: 151,
      shipping_amount: 21,
      tax_amount: 85,
      total_amount: 960,
    });
  });

  it('takes a product line price from the body when given, and refuses a product priced in another currency', async () => {
    const custom = await create({ items: [{ item_type: 1, product_id: productId, quantity: 1, price: 10_000 }] });
    expect(custom.invoice_items[0]).toMatchObject({ price: 10_000, product_name: 'Trail Jacket' });
    const mixed = await call(
      owner,
      'POST',
      '/invoice/',
      body({ items: [{ item_type: 1, product_id: eurProductId, quantity: 1 }] }),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors[0].path).toBe('items.0.price');
  });
});

describe('invoice validation', () => {
  it('answers invalid input with 400 and field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'ABC' }, 'currency'],
      [{ due_date: '2026-02-30' }, 'due_date'],
      [{ due_date: '14/05/2026' }, 'due_date'],
      [{ customer_email: 'not-mail' }, 'customer_email'],
      [{ items: [] }, 'items'],
      [{ items: [{ item_type: 2, item_name: 'x', quantity: 0, price: 1 }] }, 'items.0.quantity'],
      [{ items: [{ item_type: 2, item_name: 'x', quantity: 1, price: -5 }] }, 'items.0.price'],
      [{ items: [{ item_type: 1, product_id: otherProductId, quantity: 1 }] }, 'items.0.product_id'],
      [{ discount_percentage: '100.01' }, 'discount_percentage'],
      [{ tax_percentage: '8.255' }, 'tax_percentage'],
      [{ shipping_percentage: -1 }, 'shipping_percentage'],
      [{ payment_options: ['wallet'] }, 'payment_options'],
    ];
    for (const [overrides, path] of cases) {
      const res = await call(owner, 'POST', '/invoice/', body(overrides));
      expect(res.statusCode, `${JSON.stringify(overrides)} ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('keeps invoice numbers unique per merchant (409 on the field), and suggests the next free one', async () => {
    await create({ invoice_number: 'INV-000041' });
    const dup = await call(owner, 'POST', '/invoice/', body({ invoice_number: 'INV-000041' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ path: 'invoice_number', message: expect.any(String) }]);
    const suggestion = await call(owner, 'GET', '/invoice/invoice-number-suggestion/');
    expect(suggestion.json().result).toEqual({ invoice_number: 'INV-000042' });
    const second = await create();
    const renamed = await call(owner, 'PUT', `/invoice/${second.id}/`, body({ invoice_number: 'INV-000041' }));
    expect(renamed.statusCode).toBe(409);
  });
});

describe('invoice number suggestion', () => {
  it("continues the merchant's latest series, keeping its width; INV-000001 for a first invoice", async () => {
    const merchant = await createMerchant(t.ctx.db);
    const acme = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const suggest = async () => (await call(acme, 'GET', '/invoice/invoice-number-suggestion/')).json().result;
    const items = [{ item_type: 2, item_name: 'Fitting', quantity: 1, price: 4_900 }];
    expect(await suggest()).toEqual({ invoice_number: 'INV-000001' });
    for (const n of [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009]) {
      const made = await call(acme, 'POST', '/invoice/', body({ invoice_number: `ACME-${n}`, items }));
      expect(made.statusCode, made.body).toBe(201);
    }
    expect(await suggest()).toEqual({ invoice_number: 'ACME-1010' });
    // The series the merchant used last counts, and the digits keep their width.
    expect((await call(acme, 'POST', '/invoice/', body({ invoice_number: 'Q4/0099', items }))).statusCode).toBe(201);
    expect(await suggest()).toEqual({ invoice_number: 'Q4/0100' });
    // A number without digits at the end starts no series: the default one continues.
    expect((await call(acme, 'POST', '/invoice/', body({ invoice_number: 'SPECIAL', items }))).statusCode).toBe(201);
    expect(await suggest()).toEqual({ invoice_number: 'INV-000001' });
  });
});

describe('invoice lifecycle', () => {
  it('sends, shows the public view once as viewed, edits while open, refuses edits once paid', async () => {
    const draft = await create({ invoice_number: 'LIFE-1' });
    expect((await call(null, 'GET', `/invoice/public-invoice/${draft.id}/`)).statusCode).toBe(404);

    const sent = await call(owner, 'POST', `/invoice/${draft.id}/send/`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.status).toBe('sent');
    const mail = t.mail.lastTo('dana@example.com');
    expect(mail?.subject).toContain('LIFE-1');
    expect(mail?.text).toContain(`http://kassa.test/invoice/copy/${draft.id}`);
    // The due date written as the public invoice page writes it ("Dec 11, 2026"), in both parts.
    expect(mail?.text).toContain(`due ${formatCalendarDate(draft.due_date)}.`);
    expect(mail?.html).toContain(`due ${formatCalendarDate(draft.due_date)}.`);

    const view = await call(null, 'GET', `/invoice/public-invoice/${draft.id}/`);
    expect(view.statusCode, view.body).toBe(200);
    const pub = view.json().result;
    expect(pub).toMatchObject({
      id: draft.id,
      invoice_number: 'LIFE-1',
      customer_first_name: 'dana',
      business_name: 'Reyes Design',
      merchant_name: 'Reyes Outdoor',
      merchant_address: '12 Pine Road, Bend, OR, US',
      merchant_logo: null,
      master_merchant_logo: null,
      total_amount: 28_334,
      tax_percentage: '8.25',
      status: 'viewed',
    });
    expect(pub).not.toHaveProperty('customer_email');
    expect(pub.invoice_items[0]).toEqual({
      item_type: 1,
      product_name: 'Trail Jacket',
      item_name: null,
      quantity: 2,
      price: 12_900,
      total_price: 25_800,
    });
    const detail = (await call(owner, 'GET', `/invoice/${draft.id}/`)).json().result;
    expect(detail.status).toBe('viewed');
    const viewedAt = detail.viewed_at;
    expect(viewedAt).toEqual(expect.any(String));
    await call(null, 'GET', `/invoice/public-invoice/${draft.id}/`);
    expect((await call(owner, 'GET', `/invoice/${draft.id}/`)).json().result.viewed_at).toBe(viewedAt);

    const edited = await call(
      staff,
      'PUT',
      `/invoice/${draft.id}/`,
      body({ invoice_number: 'LIFE-1', description: 'Changed' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({ description: 'Changed', status: 'viewed' });

    // the checkout module marks an invoice paid; here it is set directly
    await t.ctx.database.query(`update invoices set status = 'paid', paid_at = now() where id = $1`, [draft.id]);
    const refused = await call(owner, 'PUT', `/invoice/${draft.id}/`, body({ invoice_number: 'LIFE-1' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/paid/);
    expect((await call(owner, 'DELETE', `/invoice/${draft.id}/`)).statusCode).toBe(422);
    // a paid invoice still shows to the buyer
    expect((await call(null, 'GET', `/invoice/public-invoice/${draft.id}/`)).json().result.status).toBe('paid');
  });

  it('creates and sends at once with send: true', async () => {
    const invoice = await create({ send: true, customer_email: 'buyer2@example.com' });
    expect(invoice.status).toBe('sent');
    expect(t.mail.lastTo('buyer2@example.com')?.text).toContain(invoice.public_url);
  });

  it('deletes drafts and voids sent invoices; a voided one disappears for the buyer', async () => {
    const draft = await create();
    const del = await call(owner, 'DELETE', `/invoice/${draft.id}/`);
    expect(del.statusCode).toBe(200);
    expect((await call(owner, 'GET', `/invoice/${draft.id}/`)).statusCode).toBe(404);

    const sent = await create({ send: true });
    const voided = await call(owner, 'DELETE', `/invoice/${sent.id}/`);
    expect(voided.statusCode).toBe(200);
    expect((await call(owner, 'GET', `/invoice/${sent.id}/`)).json().result.status).toBe('void');
    expect((await call(null, 'GET', `/invoice/public-invoice/${sent.id}/`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/invoice/${sent.id}/`, body())).statusCode).toBe(422);
  });

  it('copies an invoice as a new draft with the next number', async () => {
    const source = await create({ invoice_number: 'INV-000500', send: true });
    const copy = await call(owner, 'POST', `/invoice/${source.id}/copy/`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().result).toMatchObject({
      invoice_number: 'INV-000501',
      status: 'draft',
      total_amount: source.total_amount,
      sent_at: null,
    });
    expect(copy.json().result.invoice_items).toEqual(source.invoice_items);
  });

  it('shows overdue for sent invoices past their due date, and filters by it', async () => {
    const late = await create({ send: true, due_date: inDays(-1), invoice_number: 'LATE-1' });
    expect(late.status).toBe('overdue');
    const onTime = await create({ send: true, due_date: today() });
    expect(onTime.status).toBe('sent');
    const overdue = (await call(owner, 'GET', '/invoice/?status=overdue&page_size=100')).json().result;
    expect(overdue.results.map((i: { id: string }) => i.id)).toEqual([late.id]);
    const sent = (await call(owner, 'GET', '/invoice/?status=sent&page_size=100')).json().result;
    expect(sent.results.map((i: { id: string }) => i.id)).toContain(onTime.id);
    expect(sent.results.map((i: { id: string }) => i.id)).not.toContain(late.id);
    // the buyer opening it marks it viewed; it still reads overdue
    expect((await call(null, 'GET', `/invoice/public-invoice/${late.id}/`)).json().result.status).toBe('overdue');
    expect((await call(owner, 'GET', `/invoice/${late.id}/`)).json().result.viewed_at).toEqual(expect.any(String));
  });

  it('lists with status filter and search on customer name, e-mail and number', async () => {
    await create({ customer_first_name: 'Zelda', customer_last_name: 'Quist', customer_email: 'zq@example.com' });
    const byName = (await call(owner, 'GET', '/invoice/?search=zelda quist')).json().result;
    expect(byName.results.map((i: { customer_first_name: string }) => i.customer_first_name)).toEqual(['Zelda']);
    expect((await call(owner, 'GET', '/invoice/?search=ZQ@EXAMPLE')).json().result.count).toBe(1);
    expect((await call(owner, 'GET', '/invoice/?search=LIFE-1')).json().result.count).toBe(1);
    const drafts = (await call(owner, 'GET', '/invoice/?status=draft&page_size=100')).json().result;
    expect(drafts.results.every((i: { status: string }) => i.status === 'draft')).toBe(true);
    expect((await call(owner, 'GET', '/invoice/?status=unknown')).statusCode).toBe(400);
  });
  it('lists one customer’s invoices (the customer page)', async () => {
    const created = await call(owner, 'POST', '/customer/', { name: 'Dana Reyes', mode: 'test' });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().result.id;
    const hers = await createInvoice(t.ctx.db, merchantId, { customerId });
    await createInvoice(t.ctx.db, merchantId);
    const list = (await call(owner, 'GET', `/invoice/?customer_id=${customerId}`)).json().result;
    expect(list.results.map((i: { id: string }) => i.id)).toEqual([hers.id]);
    const bad = await call(owner, 'GET', '/invoice/?customer_id=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
  });
});

describe('invoice pickers', () => {
  it('lists active products and the payment options the merchant can accept', async () => {
    const products = (await call(owner, 'GET', '/invoice/products/')).json().result;
    expect(products.map((p: { id: string }) => p.id)).toContain(productId);
    expect(products.map((p: { id: string }) => p.id)).not.toContain(otherProductId);
    expect((await call(owner, 'GET', '/invoice/payment-options/')).json().result).toEqual([
      { key: 'card', name: 'Card' },
    ]);
    await t.ctx.db.insert(providerConnections).values([
      { merchantId, kind: 'gift_card', provider: 'sandbox' },
      { merchantId, kind: 'digital_wallet', provider: 'sandbox', enabled: false },
    ]);
    const options = (await call(owner, 'GET', '/invoice/payment-options/')).json().result;
    expect(options.map((o: { key: string }) => o.key)).toEqual(['card', 'gift_card']);
    expect((await call(owner, 'POST', '/invoice/', body({ payment_options: ['card', 'gift_card'] }))).statusCode).toBe(
      201,
    );
  });
});

describe('invoice access', () => {
  it('lets a clerk with view + create create and send, but not edit or delete', async () => {
    const invoice = await create({}, clerk);
    expect((await call(clerk, 'GET', `/invoice/${invoice.id}/`)).statusCode).toBe(200);
    expect((await call(clerk, 'POST', `/invoice/${invoice.id}/send/`)).statusCode).toBe(200);
    expect((await call(clerk, 'PUT', `/invoice/${invoice.id}/`, body())).statusCode).toBe(403);
    expect((await call(clerk, 'DELETE', `/invoice/${invoice.id}/`)).statusCode).toBe(403);
  });

  it("answers another merchant's invoice with 404 on every route", async () => {
    for (const [method, url] of [
      ['GET', `/invoice/${otherInvoiceId}/`],
      ['PUT', `/invoice/${otherInvoiceId}/`],
      ['DELETE', `/invoice/${otherInvoiceId}/`],
      ['POST', `/invoice/${otherInvoiceId}/send/`],
      ['POST', `/invoice/${otherInvoiceId}/copy/`],
    ] as const) {
      const res = await call(owner, method, url, method === 'PUT' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses anonymous callers (401) and an inactive Payment Hub (403)', async () => {
    expect((await call(null, 'GET', '/invoice/')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/invoice/', body())).statusCode).toBe(401);
    expect((await call(inactiveHub, 'GET', '/invoice/')).statusCode).toBe(403);
    expect((await call(inactiveHub, 'GET', '/invoice/invoice-number-suggestion/')).statusCode).toBe(403);
  });

  it("lets a master merchant read its sub-merchant's invoices, not the other way round", async () => {
    const master = await createMerchant(t.ctx.db, { logo: '/apiv1/uploads/master.png' });
    const sub = await createMerchant(t.ctx.db, { masterMerchantId: master.id });
    const masterOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: master.id });
    const subOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: sub.id });
    const subInvoice = await createInvoice(t.ctx.db, sub.id, { status: 'sent' });
    const list = (await call(masterOwner, 'GET', `/invoice/?merchant_id=${sub.id}`)).json().result;
    expect(list.results.map((i: { id: string }) => i.id)).toEqual([subInvoice.id]);
    expect((await call(masterOwner, 'GET', `/invoice/${subInvoice.id}/?merchant_id=${sub.id}`)).statusCode).toBe(200);
    expect((await call(masterOwner, 'DELETE', `/invoice/${subInvoice.id}/`)).statusCode).toBe(404);
    expect((await call(subOwner, 'GET', `/invoice/?merchant_id=${master.id}`)).statusCode).toBe(404);
    const pub = (await call(null, 'GET', `/invoice/public-invoice/${subInvoice.id}/`)).json().result;
    expect(pub.master_merchant_logo).toBe('/apiv1/uploads/master.png');
  });
});
