// Invoices (docs/ARCHITECTURE.md: app 6 INV; docs/product-rules.md#public-invoice, docs/product-rules.md#entities public invoice and invoice item, 7 invoice calls).
// Totals are never taken from the client: the server computes them with money.invoiceTotals.
import { z } from 'zod';
import { calendarDate, email, isoDateTime, minorAmount, recordTimestamps, sortOrders } from './common.ts';
import { percentToBasisPoints } from './money.ts';
import { PAYMENT_METHOD_LABELS } from './payment-methods.ts';
import { knownCurrency, merchantListQuery, RICH_TEXT_MAX } from './products.ts';
import { maxChars } from './text-length.ts';

export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Statuses in which the merchant may still edit, send or void an invoice. */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = ['draft', 'sent', 'viewed', 'overdue'];

export const ITEM_TYPE = { PRODUCT: 1, NAMED: 2 } as const;
export const INVOICE_MAX_ITEMS = 100;
export const ITEM_MAX_QUANTITY = 100_000;

/**
 * A percentage with at most two decimals between 0 and 100, as a number (12.5) or a decimal string
 * ("12.50"), turned into basis points (1250) so no float ever touches money.
 */
export const percentageBps = z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
  try {
    return percentToBasisPoints(typeof v === 'number' ? String(v) : v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Use a percentage from 0 to 100 with at most 2 decimals' });
    return z.NEVER;
  }
});

/** Basis points back to the "12.50" form the forms and the public invoice show. */
export const bpsToPercentage = (bps: number) => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

const quantity = z
  .number()
  .int('Use a whole quantity')
  .min(1, 'Quantity is at least 1')
  .max(ITEM_MAX_QUANTITY, 'Quantity is too large');

export const invoiceItemInput = z.discriminatedUnion('item_type', [
  z.object({
    item_type: z.literal(ITEM_TYPE.PRODUCT),
    product_id: z.uuid({ message: 'Choose a product' }),
    quantity,
    // Optional: the product's price when left out; a merchant may give this customer another price.
    price: minorAmount.optional(),
  }),
  z.object({
    item_type: z.literal(ITEM_TYPE.NAMED),
    item_name: maxChars(z.string().trim().min(1, 'Enter the item name'), 200, 'Item name is too long'),
    quantity,
    price: minorAmount,
  }),
]);
export type InvoiceItemInput = z.infer<typeof invoiceItemInput>;

/** Discount, shipping and tax are each a percentage of the sub-total (less discount) or a fixed amount. */
export const ADJUSTMENT_TYPES = ['percentage', 'amount'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
const adjustmentType = z.enum(ADJUSTMENT_TYPES, { message: 'Choose a percentage or an amount' }).default('percentage');
/** A discount, shipping or tax amount in minor units. */
const fixedAmount = z
  .number({ message: 'Enter an amount' })
  .int('Must be a whole number of minor units')
  .min(0, 'The amount cannot be negative')
  .max(99_999_999, 'The amount is too large')
  .default(0);

export const PAYMENT_OPTIONS = ['card', 'wallet', 'gift_card'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const invoiceBody = z.object({
  customer_first_name: maxChars(z.string().trim().min(1, 'Enter the first name'), 80, 'First name is too long'),
  customer_last_name: maxChars(z.string().trim(), 80, 'Last name is too long').default(''),
  customer_email: email,
  business_name: maxChars(z.string().trim(), 120, 'Business name is too long').nullish(),
  invoice_number: z
    .string()
    .trim()
    .min(1, 'Enter the invoice number')
    .max(40, 'Invoice number is too long')
    .regex(/^[\w./#-]+$/, 'Use letters, digits and - _ . / # only'),
  due_date: calendarDate,
  description: maxChars(z.string().trim(), 5000, 'Description is too long').default(''),
  comment: z.string().max(RICH_TEXT_MAX, 'Comment is too long').nullish(),
  currency: knownCurrency,
  items: z
    .array(invoiceItemInput)
    .min(1, 'Add a line: a product or a named item with its price')
    .max(INVOICE_MAX_ITEMS, `At most ${INVOICE_MAX_ITEMS} items`),
  discount_type: adjustmentType,
  discount_percentage: percentageBps.default(0),
  /** Minor units; read only when discount_type is "amount" (at most the sub-total). */
  discount_amount: fixedAmount,
  shipping_type: adjustmentType,
  shipping_percentage: percentageBps.default(0),
  /** Minor units; read only when shipping_type is "amount". */
  shipping_amount: fixedAmount,
  tax_type: adjustmentType,
  tax_percentage: percentageBps.default(0),
  /** Minor units; read only when tax_type is "amount". */
  tax_amount: fixedAmount,
  /** Subset of GET /invoice/payment-options/; every available option when left out. */
  payment_options: z.array(z.enum(PAYMENT_OPTIONS)).min(1, 'Choose at least one payment option').optional(),
  /** A saved customer of the merchant (same mode): the bill-to name and e-mail are taken from it. */
  customer_id: z.uuid({ message: 'Choose a customer from the list' }).nullish(),
  /** The first payment is at least this (minor units); 0 or left out: no deposit. */
  deposit_amount: minorAmount.optional(),
  /** Or the deposit as a percentage of the total, turned into an amount (rounded up) on the server. */
  deposit_percentage: percentageBps.optional(),
  /** The buyer may pay any part of the balance (at least the currency's minimum), not only all of it. */
  allow_partial: z.boolean().default(false),
  /** true: e-mail the customer the public link at once (status sent); otherwise a draft. */
  send: z.boolean().default(false),
});
export type InvoiceBody = z.input<typeof invoiceBody>;
export type InvoiceInput = z.output<typeof invoiceBody>;

export const invoiceItemSchema = z.object({
  item_type: z.number().int(),
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  item_name: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  total_price: z.number().int(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** What the invoice's totals rule reads from a create or update: fixed amounts only where chosen. */
export function adjustmentsOf(
  input: Pick<
    InvoiceInput,
    | 'discount_type'
    | 'discount_percentage'
    | 'discount_amount'
    | 'shipping_type'
    | 'shipping_percentage'
    | 'shipping_amount'
    | 'tax_type'
    | 'tax_percentage'
    | 'tax_amount'
  >,
) {
  const pick = (type: AdjustmentType, bps: number, amount: number) =>
    type === 'amount' ? { bps: 0, amount } : { bps, amount: undefined };
  const discount = pick(input.discount_type, input.discount_percentage, input.discount_amount);
  const shipping = pick(input.shipping_type, input.shipping_percentage, input.shipping_amount);
  const tax = pick(input.tax_type, input.tax_percentage, input.tax_amount);
  return {
    discountBps: discount.bps,
    shippingBps: shipping.bps,
    taxBps: tax.bps,
    fixed: { discount: discount.amount, shipping: shipping.amount, tax: tax.amount },
  };
}

const totals = {
  currency: z.string(),
  sub_total_amount: z.number().int(),
  discount_type: z.enum(ADJUSTMENT_TYPES),
  discount_amount: z.number().int(),
  discount_percentage: z.string(),
  shipping_type: z.enum(ADJUSTMENT_TYPES),
  shipping_amount: z.number().int(),
  shipping_percentage: z.string(),
  tax_type: z.enum(ADJUSTMENT_TYPES),
  tax_amount: z.number().int(),
  tax_percentage: z.string(),
  total_amount: z.number().int(),
};

export const invoiceSummary = z.object({
  id: z.string(),
  merchant_id: z.string(),
  invoice_number: z.string(),
  customer_first_name: z.string(),
  customer_last_name: z.string(),
  customer_email: z.string(),
  business_name: z.string().nullable(),
  due_date: z.string(),
  /** Overdue is computed on read: a sent or viewed invoice whose due date has passed. */
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  total_amount: z.number().int(),
  /** Captured or authorized by the invoice's payments, less their refunds (minor units). */
  amount_paid: z.number().int(),
  /** total_amount − amount_paid, kept by the database. */
  balance_due: z.number().int(),
  public_url: z.string(),
  sent_at: isoDateTime.nullable(),
  viewed_at: isoDateTime.nullable(),
  paid_at: isoDateTime.nullable(),
  ...recordTimestamps,
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

/** One payment of an invoice as its pages list it; refunded_amount is what went back to the buyer. */
export const invoicePaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  refunded_amount: z.number().int(),
  status: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  created_at: isoDateTime,
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceSchema = invoiceSummary.extend({
  ...totals,
  description: z.string(),
  comment: z.string().nullable(),
  payment_options: z.array(z.string()),
  customer_id: z.string().nullable(),
  deposit_amount: z.number().int(),
  allow_partial: z.boolean(),
  /** The payments that took money, oldest first, with what each gave back in refunds. */
  payments: z.array(invoicePaymentSchema),
  voided_at: isoDateTime.nullable(),
  invoice_items: z.array(invoiceItemSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_SORTS = sortOrders('created_at', 'due_date', 'invoice_number', 'total_amount');
export const invoiceListQuery = merchantListQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  /** One customer's invoices (the customer page). */
  customer_id: z.uuid({ message: 'Not a valid customer id' }).optional(),
  /** The invoices one recurring invoice made. */
  recurring_invoice_id: z.uuid({ message: 'Not a valid recurring invoice id' }).optional(),
  sort_by: z.enum(INVOICE_SORTS).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** GET /invoice/customers/: the customer picker of the invoice form (name and e-mail to bill). */
export const invoiceCustomerQuery = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
});
export type InvoiceCustomerQuery = z.infer<typeof invoiceCustomerQuery>;
export const invoiceCustomerOption = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type InvoiceCustomerOption = z.infer<typeof invoiceCustomerOption>;
/** How many customers the picker offers for one search: a person narrows the search instead of paging. */
export const INVOICE_CUSTOMER_OPTIONS_MAX = 20;

export const invoiceNumberSuggestion = z.object({ invoice_number: z.string() });
export type InvoiceNumberSuggestion = z.infer<typeof invoiceNumberSuggestion>;
export const paymentOptionSchema = z.object({ key: z.enum(PAYMENT_OPTIONS), name: z.string() });
export type PaymentOptionEntry = z.infer<typeof paymentOptionSchema>;
/** The payment options are the payment methods, named alike. */
export const PAYMENT_OPTION_NAMES: Readonly<Record<PaymentOption, string>> = PAYMENT_METHOD_LABELS;

/** docs/product-rules.md#entities "Public invoice" and 2.7: what a buyer sees, with no customer e-mail or internal ids. */
export const publicInvoiceSchema = invoiceSchema
  .pick({
    id: true,
    invoice_number: true,
    customer_first_name: true,
    customer_last_name: true,
    business_name: true,
    due_date: true,
    description: true,
    status: true,
  })
  .extend({
    merchant_name: z.string(),
    /** Who sent the invoice, as its letterhead says: street, city, state and country on one line. */
    merchant_address: z.string(),
    merchant_logo: z.string().nullable(),
    master_merchant_logo: z.string().nullable(),
    ...totals,
    amount_paid: z.number().int(),
    balance_due: z.number().int(),
    deposit_amount: z.number().int(),
    allow_partial: z.boolean(),
    /** The payments that took money, oldest first, without the buyer's details. */
    payments: z.array(invoicePaymentSchema),
    invoice_items: z.array(invoiceItemSchema.omit({ product_id: true })),
  });
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

export const INVOICE_MESSAGES = {
  created: 'Invoice saved as a draft.',
  sent: 'Invoice sent to the customer.',
  updated: 'Invoice updated.',
  deleted: 'Draft invoice deleted.',
  voided: 'Invoice voided.',
  copied: 'Invoice copied as a new draft.',
} as const;
