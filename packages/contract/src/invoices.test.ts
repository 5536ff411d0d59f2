import { describe, expect, it } from 'vitest';
import { adjustmentsOf, invoiceBody } from './invoices.ts';
import { invoiceTotals } from './money.ts';

const base = {
  customer_first_name: 'Dana',
  customer_email: 'dana@example.com',
  invoice_number: 'INV-1',
  due_date: '2030-01-31',
  currency: 'USD',
  items: [{ item_type: 2, item_name: 'Work', quantity: 1, price: 10_000 }],
};

describe('invoice discount, shipping and tax', () => {
  it('read as percentages when no type is given, as invoices were before amounts', () => {
    const input = invoiceBody.parse({ ...base, discount_percentage: '10', discount_amount: 123, tax_percentage: 5 });
    expect(input).toMatchObject({ discount_type: 'percentage', shipping_type: 'percentage', tax_type: 'percentage' });
    const adjustments = adjustmentsOf(input);
    expect(adjustments).toEqual({
      discountBps: 1_000,
      shippingBps: 0,
      taxBps: 500,
      fixed: { discount: undefined, shipping: undefined, tax: undefined },
    });
    expect(invoiceTotals({ items: [{ quantity: 1, price: 10_000 }], ...adjustments })).toMatchObject({
      discount: 1_000,
      tax: 450,
      total: 9_450,
    });
  });

  it('use the amount, not the percentage, for each one set to "amount"', () => {
    const input = invoiceBody.parse({
      ...base,
      discount_type: 'amount',
      discount_percentage: '50',
      discount_amount: 1_234,
      shipping_type: 'amount',
      shipping_amount: 500,
      tax_percentage: '10',
    });
    const adjustments = adjustmentsOf(input);
    expect(adjustments).toMatchObject({ discountBps: 0, fixed: { discount: 1_234, shipping: 500, tax: undefined } });
    // base 10 000 − 1 234 = 8 766; tax 10 % = 876.6 → 877
    expect(invoiceTotals({ items: [{ quantity: 1, price: 10_000 }], ...adjustments })).toEqual({
      sub_total: 10_000,
      discount: 1_234,
      shipping: 500,
      tax: 877,
      total: 10_143,
    });
  });

  it('refuse an unknown type and a negative or fractional amount with a message a person understands', () => {
    const bad = invoiceBody.safeParse({ ...base, tax_type: 'fixed', shipping_amount: -5, discount_amount: 1.5 });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages.tax_type).toBe('Choose a percentage or an amount');
    expect(messages.shipping_amount).toBe('The amount cannot be negative');
    expect(messages.discount_amount).toBe('Must be a whole number of minor units');
  });
});
