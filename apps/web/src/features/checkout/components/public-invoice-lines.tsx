// What the public invoice charges: its items, then the totals with their percentages. Amounts are in
// the invoice's currency; the server computed every one of them.

import type { PublicInvoice } from '@kassa/contract/invoices';
import { formatMoney } from '@kassa/contract/money';
import { type I18n, useI18n } from '../../../lib/i18n.tsx';
import { percentLabel } from '../invoice-format.ts';

/** "Tax (7.5%)" for a percentage; a fixed amount has no percentage to show. */
const adjustmentLabel = ({ t, locale }: I18n, label: string, type: string, percentage: string) =>
  type === 'amount' ? label : t('invoice.withPercent', { label, percent: percentLabel(percentage, locale) });

const ITEM_TYPE_PRODUCT = 1; // docs/product-rules.md#entities: item_type 1 is a product (product_name), otherwise item_name

export function PublicInvoiceItems({ invoice }: { invoice: PublicInvoice }) {
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  return (
    <div className="table-responsive mt-4">
      <table className="table invoice-items align-middle" data-testid="invoice-items">
        <thead>
          <tr>
            <th scope="col">{t('invoice.product')}</th>
            <th scope="col" className="text-end">
              {t('invoice.quantity')}
            </th>
            <th scope="col" className="text-end">
              {t('invoice.unitPrice')}
            </th>
            <th scope="col" className="text-end">
              {t('invoice.totalPrice')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.invoice_items.map((item, index) => (
            // Items have no id in the public view; their order is the invoice's.
            // biome-ignore lint/suspicious/noArrayIndexKey: stable order, never reordered here.
            <tr key={index}>
              <td>{(item.item_type === ITEM_TYPE_PRODUCT ? item.product_name : item.item_name) ?? ''}</td>
              <td className="text-end">{item.quantity}</td>
              <td className="text-end">{money(item.price)}</td>
              <td className="text-end">{money(item.total_price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Sub-total, discount (shown as a deduction), shipping and tax, then the total. */
export function PublicInvoiceTotals({ invoice }: { invoice: PublicInvoice }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const totals: { label: string; amount: number; testId: string; negative?: boolean }[] = [
    { label: t('invoice.subTotal'), amount: invoice.sub_total_amount, testId: 'invoice-subtotal' },
    {
      label: adjustmentLabel(i18n, t('invoice.discount'), invoice.discount_type, invoice.discount_percentage),
      amount: invoice.discount_amount,
      testId: 'invoice-discount',
      negative: true,
    },
    {
      label: adjustmentLabel(i18n, t('invoice.shipping'), invoice.shipping_type, invoice.shipping_percentage),
      amount: invoice.shipping_amount,
      testId: 'invoice-shipping',
    },
    {
      label: adjustmentLabel(i18n, t('invoice.tax'), invoice.tax_type, invoice.tax_percentage),
      amount: invoice.tax_amount,
      testId: 'invoice-tax',
    },
  ];

  return (
    <dl className="invoice-totals" data-testid="invoice-totals">
      {totals.map((row) => (
        <div key={row.testId}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>
            {row.negative && row.amount > 0 ? '−' : ''}
            {money(row.amount)}
          </dd>
        </div>
      ))}
      <div className="invoice-grand-total">
        <dt>{t('invoice.total')}</dt>
        <dd data-testid="invoice-total">{money(invoice.total_amount)}</dd>
      </div>
    </dl>
  );
}
