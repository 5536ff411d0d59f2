// Invoice totals for the demo data. The contract's money module replaces this once it exists (issue 4
// computes totals on the server); until then the demo keeps the same rule so its invoices add up:
// discount on the subtotal, shipping and tax on (subtotal − discount), each rounded half-up to the
// minor unit, percentages in basis points so no float touches money.

export interface InvoiceLine {
  quantity: number;
  price: number;
}

export interface InvoiceRates {
  discountBps: number;
  shippingBps: number;
  taxBps: number;
}

export interface InvoiceTotals {
  subTotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/** amount × bps / 10 000, rounded half-up in integers (amounts are never negative here). */
const percentOf = (amount: number, bps: number) => Math.floor((amount * bps + 5_000) / 10_000);

export function invoiceTotals(lines: readonly InvoiceLine[], rates: InvoiceRates): InvoiceTotals {
  const subTotal = lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
  const discount = percentOf(subTotal, rates.discountBps);
  const base = subTotal - discount;
  const shipping = percentOf(base, rates.shippingBps);
  const tax = percentOf(base, rates.taxBps);
  return { subTotal, discount, shipping, tax, total: base + shipping + tax };
}
