// Discount, sub-total, shipping, tax and total (docs/product-rules.md#public-invoice order), each amount beside its percentage when it is one.
import { formatMoney, type InvoiceTotals } from '@kassa/contract/money';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

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
  const { t, locale } = usePortalI18n();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  // The first of each row names its test id, the second is what a person reads.
  const rows: [string, string, string, string | null][] = [
    ['sub-total', t('invoices.totals.subTotal'), money(totals.sub_total), null],
    ['discount', t('invoices.totals.discount'), `− ${money(totals.discount)}`, percentages.discount],
    ['shipping', t('invoices.totals.shipping'), money(totals.shipping), percentages.shipping],
    ['tax', t('invoices.totals.tax'), money(totals.tax), percentages.tax],
  ];
  return (
    <div className="invoice-totals" data-testid="invoice-totals">
      <div className="small text-body-secondary mb-2">{caption}</div>
      <dl className="mb-0">
        {rows.map(([id, label, amount, percent]) => (
          <div className="d-flex justify-content-between py-1" key={id}>
            <dt className="fw-normal">
              {label}
              {percent !== null && <span className="text-body-secondary"> ({percent || '0'} %)</span>}
            </dt>
            <dd className="mb-0 text-nowrap" data-testid={`total-${id}`}>
              {amount}
            </dd>
          </div>
        ))}
        <div className="d-flex justify-content-between pt-2 mt-1 border-top fw-bold fs-5">
          <dt>{t('invoices.totals.total')}</dt>
          <dd className="mb-0 text-nowrap" data-testid="total-total">
            {money(totals.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
