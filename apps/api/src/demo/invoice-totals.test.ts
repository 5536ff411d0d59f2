import { describe, expect, it } from 'vitest';
import { invoiceTotals } from './invoice-totals.ts';

describe('invoiceTotals', () => {
  it('adds lines, takes the discount from the subtotal and shipping and tax from what remains', () => {
    const totals = invoiceTotals(
      [
        { quantity: 2, price: 1999 },
        { quantity: 1, price: 4500 },
      ],
      { discountBps: 1000, shippingBps: 500, taxBps: 825 },
    );
    // 8498 − 850 = 7648; shipping 382.4 → 382; tax 630.96 → 631
    expect(totals).toEqual({ subTotal: 8498, discount: 850, shipping: 382, tax: 631, total: 8661 });
  });

  it('rounds an exact half cent up', () => {
    // 1 × 50 at 1 %: 0.5 → 1
    expect(invoiceTotals([{ quantity: 1, price: 50 }], { discountBps: 100, shippingBps: 0, taxBps: 0 }).discount).toBe(
      1,
    );
    expect(invoiceTotals([{ quantity: 1, price: 49 }], { discountBps: 100, shippingBps: 0, taxBps: 0 }).discount).toBe(
      0,
    );
  });

  it('is zero for an invoice without lines', () => {
    expect(invoiceTotals([], { discountBps: 0, shippingBps: 0, taxBps: 700 })).toEqual({
      subTotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });
});
