// What the editor's totals show (docs/product-rules.md#routes /add-edit-invoice): the server's saved
// totals while the form is unchanged, else live totals from the typed lines and percentages (the
// server recomputes them on save).
import type { Invoice } from '@kassa/contract/invoices';
import type { InvoiceTotals } from '@kassa/contract/money';
import { type Control, type DeepPartial, useWatch } from 'react-hook-form';
import { type InvoiceFormOutput, type InvoiceFormValues, liveTotals } from './invoice-form.ts';

const serverTotals = (invoice: Invoice): InvoiceTotals => ({
  sub_total: invoice.sub_total_amount,
  discount: invoice.discount_amount,
  shipping: invoice.shipping_amount,
  tax: invoice.tax_amount,
  total: invoice.total_amount,
});

export function useInvoiceTotals(
  control: Control<InvoiceFormValues, unknown, InvoiceFormOutput>,
  invoice: Invoice | null,
  isDirty: boolean,
) {
  const watched = useWatch({ control });
  const live = watchedTotals(watched);
  const showSaved = invoice !== null && !isDirty;
  const totals = showSaved ? serverTotals(invoice) : live.totals;
  const { currency, percentages } = live;
  return { totals, currency, percentages, showSaved };
}

/** Live totals of a form's lines, percentages and amounts as they are being typed (fields may be missing yet). */
export function watchedTotals(watched: DeepPartial<LinesAndPercentages>) {
  const currency = watched.currency || 'USD';
  const types = {
    discount: watched.discount_type ?? 'percentage',
    shipping: watched.shipping_type ?? 'percentage',
    tax: watched.tax_type ?? 'percentage',
  } as const;
  // A fixed amount shows no percentage beside it.
  const percentages = {
    discount: types.discount === 'percentage' ? (watched.discount_percentage ?? '0') : null,
    shipping: types.shipping === 'percentage' ? (watched.shipping_percentage ?? '0') : null,
    tax: types.tax === 'percentage' ? (watched.tax_percentage ?? '0') : null,
  };
  const totals = liveTotals({
    items: (watched.items ?? []).map((item) => ({
      item_type: item?.item_type ?? '2',
      product_id: item?.product_id ?? '',
      item_name: item?.item_name ?? '',
      quantity: item?.quantity ?? '',
      price: item?.price ?? '',
    })),
    currency,
    discount_type: types.discount,
    discount_percentage: watched.discount_percentage ?? '0',
    discount_amount: watched.discount_amount ?? '',
    shipping_type: types.shipping,
    shipping_percentage: watched.shipping_percentage ?? '0',
    shipping_amount: watched.shipping_amount ?? '',
    tax_type: types.tax,
    tax_percentage: watched.tax_percentage ?? '0',
    tax_amount: watched.tax_amount ?? '',
  });
  return { totals, currency, percentages };
}

type LinesAndPercentages = Pick<
  InvoiceFormValues,
  'items' | 'currency' | `${'discount' | 'shipping' | 'tax'}_${'type' | 'percentage' | 'amount'}`
>;
