// Discount, shipping and tax as a percentage or an amount (docs/product-rules.md#public-invoice):
// the server computes the totals with the contract's one rule, and invoices from before amounts read
// as they did.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { apiCaller, createOwnedMerchant } from '../../../test/support/merchant-team.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const call = apiCaller(t);
const { merchantId, owner } = await createOwnedMerchant(t);
let seq = 0;

const body = (over: Record<string, unknown> = {}) => ({
  customer_first_name: 'Dana',
  customer_email: 'dana@example.com',
  invoice_number: `ADJ-${++seq}`,
  due_date: '2030-01-31',
  currency: 'USD',
  items: [{ item_type: 2, item_name: 'Design work', quantity: 3, price: 3_333 }],
  ...over,
});

describe('invoice discount, shipping and tax as amounts', () => {
  it('takes each as an amount or a percentage and answers which', async () => {
    const res = await call(
      owner,
      'POST',
      '/invoice/',
      body({
        discount_type: 'amount',
        discount_amount: 999,
        shipping_type: 'amount',
        shipping_amount: 1_250,
        tax_percentage: '7.25',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    // sub 9999; discount 9.99 → 9000; shipping 12.50; tax 7.25 % of 9000 = 652.5 → 653 (half-up)
    expect(res.json().result).toMatchObject({
      sub_total_amount: 9_999,
      discount_type: 'amount',
      discount_amount: 999,
      discount_percentage: '0.00',
      shipping_type: 'amount',
      shipping_amount: 1_250,
      tax_type: 'percentage',
      tax_percentage: '7.25',
      tax_amount: 653,
      total_amount: 9_000 + 1_250 + 653,
    });

    // Switched back to percentages on edit, the amounts given are no longer read.
    const id = res.json().result.id as string;
    const edited = await call(
      owner,
      'PUT',
      `/invoice/${id}/`,
      body({
        invoice_number: res.json().result.invoice_number,
        discount_percentage: '10',
        discount_amount: 5_000,
        tax_type: 'amount',
        tax_amount: 100,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      discount_type: 'percentage',
      discount_amount: 1_000,
      shipping_type: 'percentage',
      shipping_amount: 0,
      tax_type: 'amount',
      tax_amount: 100,
      total_amount: 9_999 - 1_000 + 100,
    });
  });

  it('refuses a discount above the sub-total, an unknown type and a negative amount, each on its field', async () => {
    const over = await call(owner, 'POST', '/invoice/', body({ discount_type: 'amount', discount_amount: 10_000 }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      request_id: expect.any(String),
      errors: [{ path: 'discount_amount', message: 'The discount cannot be more than the sub-total' }],
    });
    const kind = await call(owner, 'POST', '/invoice/', body({ tax_type: 'fixed' }));
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors).toEqual([{ path: 'tax_type', message: 'Choose a percentage or an amount' }]);
    const negative = await call(owner, 'POST', '/invoice/', body({ shipping_type: 'amount', shipping_amount: -1 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual([{ path: 'shipping_amount', message: 'The amount cannot be negative' }]);
  });

  it('reads an invoice stored before amounts existed exactly as before: percentages', async () => {
    // Written with SQL, naming only the columns an invoice had then.
    const id = crypto.randomUUID();
    await t.ctx.db.execute(sql`
      insert into invoices (id, merchant_id, invoice_number, customer_first_name, customer_email, due_date,
                            status, discount_bps, tax_bps, sub_total_amount, discount_amount, tax_amount, total_amount)
      values (${id}::uuid, ${merchantId}::uuid, 'OLD-1', 'Dana', 'dana@example.com', '2030-01-31',
              'draft', 1000, 825, 10000, 1000, 743, 9743)`);
    const res = await call(owner, 'GET', `/invoice/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      discount_type: 'percentage',
      discount_percentage: '10.00',
      discount_amount: 1_000,
      shipping_type: 'percentage',
      tax_type: 'percentage',
      tax_percentage: '8.25',
      tax_amount: 743,
      total_amount: 9_743,
    });
  });
});
