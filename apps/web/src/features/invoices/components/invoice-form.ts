// The invoice form as typed (amounts, quantities and percentages as strings) and its way into the
// contract's invoiceBody; plus the live totals the form shows while the user types. The server
// recomputes every total (docs/ARCHITECTURE.md#api-conventions) with the same money.invoiceTotals.
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import {
  ADJUSTMENT_TYPES,
  type AdjustmentType,
  type Invoice,
  type InvoiceItem,
  ITEM_TYPE,
  invoiceBody,
  type PAYMENT_OPTIONS,
} from '@kassa/contract/invoices';
import { type InvoiceTotals, invoiceTotals, percentToBasisPoints, toMinor } from '@kassa/contract/money';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { fieldErrorText } from '../../../lib/api-error-text.ts';
import { minorToTyped, typedAmountToMinor } from '../../../lib/money-input.ts';
import { activePortalI18n } from '../../../lib/use-portal-i18n.ts';

const itemForm = z.object({
  item_type: z.enum(['1', '2']),
  product_id: z.string(),
  item_name: z.string(),
  quantity: z.string(),
  price: z.string(),
});
export type InvoiceItemFormValues = z.infer<typeof itemForm>;

const WHOLE = /^\d+$/;

/** The line the form starts with, left as it was. */
const isBlankLine = (item: InvoiceItemFormValues) => !item.product_id && !item.item_name.trim() && !item.price.trim();

function typedQuantity(value: string, ctx: z.RefinementCtx, path: PropertyKey[]): number {
  if (WHOLE.test(value.trim())) return Number(value.trim());
  ctx.addIssue({ code: 'custom', path, message: 'Use a whole quantity' });
  return Number.NaN;
}

/**
 * The typed lines as the contract's items. Only lines left untouched, all of them, mean no line yet
 * ("Add a line"); a blank line among real ones is kept, so the server's items.N errors land on the
 * row the user sees.
 */
export function typedItems(items: InvoiceItemFormValues[], currency: string, ctx: z.RefinementCtx) {
  return (items.every(isBlankLine) ? [] : items).map((item, i) => {
    const quantity = typedQuantity(item.quantity, ctx, ['items', i, 'quantity']);
    const price = typedAmountToMinor(item.price, currency, ctx, ['items', i, 'price']);
    return item.item_type === '1'
      ? { item_type: ITEM_TYPE.PRODUCT, product_id: item.product_id, quantity, price }
      : { item_type: ITEM_TYPE.NAMED, item_name: item.item_name, quantity, price };
  });
}

/** A discount, shipping or tax amount as typed; blank is none, and it counts only when chosen. */
function typedAdjustment(type: AdjustmentType, value: string, currency: string, ctx: z.RefinementCtx, path: string) {
  if (type !== 'amount' || !value.trim()) return 0;
  return typedAmountToMinor(value, currency, ctx, [path]);
}

export const invoiceForm = z
  .object({
    customer_first_name: z.string(),
    customer_last_name: z.string(),
    customer_email: z.string(),
    business_name: z.string(),
    invoice_number: z.string(),
    due_date: z.string(),
    currency: z.string(),
    description: z.string(),
    comment: z.string().nullable(),
    items: z.array(itemForm),
    discount_type: z.enum(ADJUSTMENT_TYPES),
    discount_percentage: z.string(),
    discount_amount: z.string(),
    shipping_type: z.enum(ADJUSTMENT_TYPES),
    shipping_percentage: z.string(),
    shipping_amount: z.string(),
    tax_type: z.enum(ADJUSTMENT_TYPES),
    tax_percentage: z.string(),
    tax_amount: z.string(),
    payment_options: z.array(z.string()),
    customer_id: z.string(),
    deposit_kind: z.enum(['percent', 'amount']),
    deposit: z.string(),
    allow_partial: z.boolean(),
  })
  .transform(
    ({ deposit_kind, deposit, ...v }, ctx): z.input<typeof invoiceBody> => ({
      ...v,
      customer_id: v.customer_id || null,
      ...typedDeposit(deposit_kind, deposit, v.currency, ctx),
      business_name: v.business_name.trim() || null,
      items: typedItems(v.items, v.currency, ctx),
      discount_percentage: v.discount_type === 'percentage' ? v.discount_percentage.trim() || '0' : '0',
      shipping_percentage: v.shipping_type === 'percentage' ? v.shipping_percentage.trim() || '0' : '0',
      tax_percentage: v.tax_type === 'percentage' ? v.tax_percentage.trim() || '0' : '0',
      discount_amount: typedAdjustment(v.discount_type, v.discount_amount, v.currency, ctx, 'discount_amount'),
      shipping_amount: typedAdjustment(v.shipping_type, v.shipping_amount, v.currency, ctx, 'shipping_amount'),
      tax_amount: typedAdjustment(v.tax_type, v.tax_amount, v.currency, ctx, 'tax_amount'),
      payment_options: v.payment_options as (typeof PAYMENT_OPTIONS)[number][],
      send: false,
    }),
  )
  .pipe(invoiceBody);

/**
 * The deposit as typed: a percentage of the total (the server turns it into an amount, rounded up)
 * or an amount; empty is no deposit (docs/product-rules.md#partial-payments).
 */
function typedDeposit(kind: 'percent' | 'amount', typed: string, currency: string, ctx: z.RefinementCtx) {
  const value = typed.trim();
  if (!value) return { deposit_amount: 0 };
  if (kind === 'amount') return { deposit_amount: typedAmountToMinor(value, currency, ctx, ['deposit']) };
  try {
    percentToBasisPoints(value);
  } catch {
    ctx.addIssue({
      code: 'custom',
      path: ['deposit'],
      message: 'Use a percentage from 0 to 100 with at most 2 decimals',
    });
  }
  return { deposit_percentage: value };
}

export type InvoiceFormValues = z.input<typeof invoiceForm>;
export type InvoiceFormOutput = z.output<typeof invoiceForm>;

export const DUE_IN_DAYS = 14;

const isoDay = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

export const emptyItem = (): InvoiceItemFormValues => ({
  item_type: '1',
  product_id: '',
  item_name: '',
  quantity: '1',
  price: '',
});

export const emptyInvoiceForm = (now = new Date()): InvoiceFormValues => ({
  customer_first_name: '',
  customer_last_name: '',
  customer_email: '',
  business_name: '',
  invoice_number: '',
  due_date: isoDay(new Date(now.getTime() + DUE_IN_DAYS * 86_400_000)),
  currency: DEFAULT_CURRENCY,
  description: '',
  comment: null,
  items: [emptyItem()],
  discount_type: 'percentage',
  discount_percentage: '0',
  discount_amount: '',
  shipping_type: 'percentage',
  shipping_percentage: '0',
  shipping_amount: '',
  tax_type: 'percentage',
  tax_percentage: '0',
  tax_amount: '',
  // Filled with the merchant's available options once GET /invoice/payment-options/ answers.
  payment_options: [],
  customer_id: '',
  deposit_kind: 'percent',
  deposit: '',
  allow_partial: false,
});

/** Saved lines as the form types them. */
export const itemsToForm = (items: InvoiceItem[], currency: string): InvoiceItemFormValues[] =>
  items.map((item) => ({
    item_type: item.item_type === ITEM_TYPE.PRODUCT && item.product_id ? '1' : '2',
    product_id: item.product_id ?? '',
    item_name: item.item_name ?? item.product_name ?? '',
    quantity: String(item.quantity),
    price: minorToTyped(item.price, currency),
  }));

/** "12.50" → "12.5", "0.00" → "0": the percentage as a person would type it. */
export const typedPercentage = (value: string) => value.replace(/\.?0+$/, '') || '0';

export const invoiceToForm = (invoice: Invoice): InvoiceFormValues => ({
  customer_first_name: invoice.customer_first_name,
  customer_last_name: invoice.customer_last_name,
  customer_email: invoice.customer_email,
  business_name: invoice.business_name ?? '',
  invoice_number: invoice.invoice_number,
  due_date: invoice.due_date,
  currency: invoice.currency,
  description: invoice.description,
  comment: invoice.comment,
  items: itemsToForm(invoice.invoice_items, invoice.currency),
  discount_type: invoice.discount_type,
  discount_percentage: typedPercentage(invoice.discount_percentage),
  discount_amount: invoice.discount_type === 'amount' ? minorToTyped(invoice.discount_amount, invoice.currency) : '',
  shipping_type: invoice.shipping_type,
  shipping_percentage: typedPercentage(invoice.shipping_percentage),
  shipping_amount: invoice.shipping_type === 'amount' ? minorToTyped(invoice.shipping_amount, invoice.currency) : '',
  tax_type: invoice.tax_type,
  tax_percentage: typedPercentage(invoice.tax_percentage),
  tax_amount: invoice.tax_type === 'amount' ? minorToTyped(invoice.tax_amount, invoice.currency) : '',
  payment_options: invoice.payment_options,
  customer_id: invoice.customer_id ?? '',
  // Kept as the amount it became: a percentage is turned into one when the invoice is saved.
  deposit_kind: 'amount',
  deposit: invoice.deposit_amount ? minorToTyped(invoice.deposit_amount, invoice.currency) : '',
  allow_partial: invoice.allow_partial,
});

type AdjustmentField = `${'discount' | 'shipping' | 'tax'}_${'type' | 'percentage' | 'amount'}`;

const lenient = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

/**
 * Totals of what is typed so far: a line or a percentage that does not parse yet counts as zero, so
 * the numbers follow the user's typing instead of disappearing.
 */
export function liveTotals(values: Pick<InvoiceFormValues, 'items' | 'currency' | AdjustmentField>): InvoiceTotals {
  const currency = values.currency || DEFAULT_CURRENCY;
  const items = values.items.map((item) => ({
    quantity: WHOLE.test(item.quantity.trim()) ? Number(item.quantity.trim()) : 0,
    price: lenient(() => Math.max(0, toMinor(item.price || '0', currency)), 0),
  }));
  const bps = (type: AdjustmentType, value: string) =>
    type === 'amount' ? 0 : lenient(() => percentToBasisPoints(value.trim() || '0'), 0);
  const fixed = (type: AdjustmentType, value: string) =>
    type === 'amount' ? lenient(() => Math.max(0, toMinor(value.trim() || '0', currency)), 0) : undefined;
  return lenient(
    () =>
      invoiceTotals({
        items,
        discountBps: bps(values.discount_type, values.discount_percentage),
        shippingBps: bps(values.shipping_type, values.shipping_percentage),
        taxBps: bps(values.tax_type, values.tax_percentage),
        fixed: {
          discount: fixed(values.discount_type, values.discount_amount),
          shipping: fixed(values.shipping_type, values.shipping_amount),
          tax: fixed(values.tax_type, values.tax_amount),
        },
      }),
    { sub_total: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
  );
}

export const INVOICE_FIELDS = [
  'customer_first_name',
  'customer_last_name',
  'customer_email',
  'business_name',
  'invoice_number',
  'due_date',
  'currency',
  'description',
  'comment',
  'items',
  'discount_type',
  'discount_percentage',
  'discount_amount',
  'shipping_type',
  'shipping_percentage',
  'shipping_amount',
  'tax_type',
  'tax_percentage',
  'tax_amount',
  'payment_options',
  'customer_id',
  'deposit',
  'allow_partial',
] as const;

/** The API names the deposit by the form it was sent in; the form has one field for both. */
const FIELD_OF: Record<string, string> = { deposit_amount: 'deposit', deposit_percentage: 'deposit' };

const ITEM_FIELD = /^items\.\d+\.(product_id|item_name|quantity|price)$/;

/** The API's field errors (docs/ARCHITECTURE.md#api-conventions) next to their fields, item lines included. */
export function applyInvoiceErrors(error: unknown, setError: UseFormSetError<InvoiceFormValues>) {
  if (!error || typeof error !== 'object' || !('errors' in error) || !Array.isArray(error.errors)) return;
  for (const entry of error.errors as { path?: string; message?: string }[]) {
    if (!entry.path || !entry.message) continue;
    entry.path = FIELD_OF[entry.path] ?? entry.path;
    if ((INVOICE_FIELDS as readonly string[]).includes(entry.path) || ITEM_FIELD.test(entry.path)) {
      setError(entry.path as FieldPath<InvoiceFormValues>, {
        type: 'server',
        message: fieldErrorText(entry.message, activePortalI18n()),
      });
    }
  }
}
