// Transactions list, detail, refund and export (docs/product-rules.md#entities transaction).
import { z } from 'zod';
import { calendarDate, daysInOrder, isoDateTime, PAGE_SIZE_MAX, page, sortOrders } from './common.ts';
import { declineCode } from './declines.ts';
import { PAYMENT_METHODS } from './payment-methods.ts';
import { maxChars } from './text-length.ts';

export const TRANSACTION_STATUSES = [
  'processing',
  'authorization_succeeded',
  'authorization_failed',
  'buyer_approval_pending',
  'capture_succeeded',
  'capture_failed',
  'voided',
  'partially_refunded',
  'refunded',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The one name of each status, wherever the portal shows one (lists, detail, dashboard, filters). */
export const TRANSACTION_STATUS_LABEL: Readonly<Record<TransactionStatus, string>> = {
  processing: 'Processing',
  authorization_succeeded: 'Authorized',
  authorization_failed: 'Declined',
  buyer_approval_pending: 'Awaiting approval',
  capture_succeeded: 'Succeeded',
  capture_failed: 'Capture failed',
  voided: 'Voided',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** The status's label; an unknown status shows as it came. */
export const transactionStatusLabel = (status: string): string =>
  TRANSACTION_STATUS_LABEL[status as TransactionStatus] ?? status;
export const TRANSACTION_SORTS = sortOrders('created_at', 'amount');

/** Test-mode money (the sandbox, a processor's test keys) and live money are kept apart everywhere. */
export const PAYMENT_MODES = ['test', 'live'] as const;
export const paymentMode = z.enum(PAYMENT_MODES, { message: 'Choose test or live' });
export type PaymentModeName = z.infer<typeof paymentMode>;

export const transactionFilter = z
  .object({
    status: z.array(z.enum(TRANSACTION_STATUSES)).max(9).optional(),
    method: z.array(z.enum(PAYMENT_METHODS)).max(3).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    amount_min: z.number().int().min(0).optional(),
    amount_max: z.number().int().min(0).optional(),
    currency: z.string().length(3).optional(),
    search: maxChars(z.string().trim(), 200).optional(),
    /** A sub-merchant of the caller's master merchant, or (admins) any merchant. */
    merchant_id: z.uuid().optional(),
    /** One customer's payments (the customer page). */
    customer_id: z.uuid({ message: 'Not a valid customer id' }).optional(),
    /** Only test-mode or only live payments; both when left out (admins' platform view). */
    mode: paymentMode.optional(),
    sort_by: z.enum(TRANSACTION_SORTS).default('-created_at'),
    page: z.number().int().min(1).default(1),
    page_size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
    /** Keyset pagination: the `next_cursor` of the previous page (only with date sorting). */
    cursor: z.string().max(200).optional(),
  })
  .refine((f) => f.amount_min === undefined || f.amount_max === undefined || f.amount_min <= f.amount_max, {
    message: 'The minimum amount is above the maximum',
    path: ['amount_min'],
  })
  .refine((f) => daysInOrder(f.from, f.to), {
    message: 'The start date is after the end date',
    path: ['from'],
  });
export type TransactionFilter = z.input<typeof transactionFilter>;

export const transactionItem = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  captured_amount: z.number().int(),
  refunded_amount: z.number().int(),
  method: z.string(),
  status: z.string(),
  source: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  buyer_first_name: z.string(),
  buyer_last_name: z.string(),
  buyer_email: z.string(),
  /** test: sandbox or a processor's test keys; live: real money. */
  mode: paymentMode,
  /** When the buyer's bank opened a dispute (chargeback) on this payment, reported by the processor. */
  disputed_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type TransactionItem = z.infer<typeof transactionItem>;

export const transactionPage = page(transactionItem, { next_cursor: z.string().nullable() });
export type TransactionPage = z.infer<typeof transactionPage>;

export const transactionEvent = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.number().int().nullable(),
  message: z.string().nullable(),
  created_at: isoDateTime,
});

export const refundItem = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
  status: z.string(),
  created_at: isoDateTime,
});

export const transactionDetail = transactionItem.extend({
  intent: z.string(),
  provider: z.string(),
  card_exp_month: z.number().int().nullable(),
  card_exp_year: z.number().int().nullable(),
  gift_card_amount: z.number().int(),
  billing_address: z.record(z.string(), z.string()).nullable(),
  fraud_decision: z.string().nullable(),
  fraud_reasons: z.array(z.string()).nullable(),
  failure_reason: z.string().nullable(),
  /**
   * Why a declined payment was declined, the same code from every processor; `authentication_required`
   * (a soft decline) on a merchant-initiated charge e-mails the customer a link to pay on-session.
   */
  failure_code: declineCode.nullable(),
  description: z.string().nullable(),
  product_id: z.string().nullable(),
  quick_payment_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  /** The saved card paid with (or saved by this payment); null for a card typed and not kept. */
  payment_method_id: z.string().nullable(),
  /** With a saved card: the buyer at the checkout (customer) or the merchant without the buyer (merchant). */
  initiator: z.enum(['customer', 'merchant']).nullable(),
  refundable_amount: z.number().int(),
  /** What Capture may take (0 unless the payment is authorized and not yet captured). */
  capturable_amount: z.number().int(),
  /** When an uncaptured authorization lapses at the processor; null once captured, voided or failed. */
  authorization_expires_at: isoDateTime.nullable(),
  events: z.array(transactionEvent),
  refunds: z.array(refundItem),
  /**
   * Refunds, captures and voids sent to the processor whose answer has not come yet: counted as
   * spent (refundable and capturable amounts leave them out) until reconciliation settles them.
   */
  pending_at_processor: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['refund', 'capture', 'void']),
      amount: z.number().int(),
      currency: z.string(),
      created_at: isoDateTime,
    }),
  ),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;

export const refundBody = z.object({
  /** Minor units; omitted means everything still refundable. */
  amount: z.number().int('Amount must be whole minor units').min(1, 'Refund at least 0.01').optional(),
  reason: maxChars(z.string().trim(), 500).optional(),
});
export type RefundBody = z.infer<typeof refundBody>;

/** Capture an authorized payment: all of it, or a smaller amount (the rest is released). */
export const captureBody = z.object({
  /** Minor units; omitted means everything authorized. */
  amount: z.number().int('Amount must be whole minor units').min(1, 'Capture at least 0.01').optional(),
});
export type CaptureBody = z.infer<typeof captureBody>;

export const voidBody = z.object({});
