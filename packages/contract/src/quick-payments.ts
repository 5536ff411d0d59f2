// Quick payments — payment links with a fixed amount (docs/ARCHITECTURE.md: app 5 QP; docs/product-rules.md#quick-payment-checkout, docs/product-rules.md#entities).
import { z } from 'zod';
import { calendarDateTime, isoDateTime, minorAmount, sortOrders } from './common.ts';
import { checkoutLinkSchema, knownCurrency, merchantListQuery, RICH_TEXT_MAX } from './products.ts';
import { maxChars } from './text-length.ts';

const quickPaymentFields = z.object({
  name: maxChars(z.string().trim().min(1, 'Enter a title'), 120, 'Title is too long'),
  description: maxChars(z.string().trim(), 2000, 'Description is too long'),
  amount: minorAmount.min(1, 'Enter an amount above zero'),
  currency: knownCurrency,
  // The server also checks it lies in the future by its own clock.
  expires_at: calendarDateTime.nullable(),
  comment: z.string().max(RICH_TEXT_MAX, 'Comment is too long').nullable(),
  is_active: z.boolean(),
  /** As a product's: the link's checkout subscribes the buyer to this recurring price. */
  recurring_price_id: z.uuid({ message: 'Choose a recurring price' }).nullable(),
});

export const quickPaymentCreate = quickPaymentFields.partial({
  description: true,
  expires_at: true,
  comment: true,
  is_active: true,
  recurring_price_id: true,
});
export type QuickPaymentCreate = z.infer<typeof quickPaymentCreate>;
export const quickPaymentPatch = quickPaymentFields.partial();
export type QuickPaymentPatch = z.infer<typeof quickPaymentPatch>;

export const quickPaymentSchema = checkoutLinkSchema(
  {
    amount: z.number().int(),
    currency: z.string(),
    expires_at: isoDateTime.nullable(),
    is_expired: z.boolean(),
    recurring_price_id: z.string().nullable(),
  },
  {
    /** Payments captured through the link (refunded ones included: they were paid). */
    paid_count: z.number().int(),
    /** Captured minus refunded, in the link's currency. */
    total_collected: z.number().int(),
  },
);
export type QuickPayment = z.infer<typeof quickPaymentSchema>;

export const QUICK_PAYMENT_SORTS = sortOrders('created_at', 'name', 'amount');
export const quickPaymentListQuery = merchantListQuery.extend({ sort_by: z.enum(QUICK_PAYMENT_SORTS).optional() });
