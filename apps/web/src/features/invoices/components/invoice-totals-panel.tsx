// Discount, sub-total, shipping, tax and total (docs/product-rules.md#public-invoice order), each amount beside its percentage when it is one.
import { formatMoney, type InvoiceTotals } from '@kassa/contract/money';

export function InvoiceTotalsPanel({
  totals,
  currency,
  percentages,
  caption,
}: {
  totals: InvoiceTotals;
  currency: string;
  /** Null for one given as a fixed amount. */
  percentages: { discount: string | null; shipping: string | null; tax: string | null };
  caption: string;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const rows: [string, string, string | null][] = [
    ['Sub-total', money(totals.sub_total), null],
    ['Discount', `− ${money(totals.discount)}`, percentages.discount],
    ['Shipping', money(totals.shipping), percentages.shipping],
    ['Tax', money(totals.tax), percentages.tax],
  ];
  return (
    <div className="invoice-totals" data-testid="invoice-totals">
      <div className="small text-body-secondary mb-2">{caption}</div>
      <dl className="mb-0">
        {rows.map(([label, amount, percent]) => (
          <div className="d-flex justify-content-between py-1" key={label}>
            <dt className="fw-normal">
              {label}
              {percent !== null && <span className="text-body-secondary"> ({percent || '0'} %)</span>}
            </dt>
            <dd className="mb-0 text-nowrap" data-testid={`total-${label.toLowerCase()}`}>
              {amount}
            </dd>
          </div>
        ))}
        <div className="d-flex justify-content-between pt-2 mt-1 border-top fw-bold fs-5">
          <dt>Total</dt>
          <dd className="mb-0 text-nowrap" data-testid="total-total">
            {money(totals.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
