// Subscriptions: a customer paying a recurring price every period, with Stripe Billing's statuses and
// the moves between them (docs/decisions/0024-renewals-exactly-once.md). The transition table below is
// the one rule the API's conditional UPDATEs and the portal's buttons both follow.
import { z } from 'zod';
import { billingInterval } from './billing-calendar.ts';
import { calendarDateTime, isoDateTime, listQuery, recordTimestamps } from './common.ts';
import { trialDays } from './prices.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './subscription-words.ts';
import { paymentMode } from './transactions.ts';

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './subscription-words.ts';
export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES, {
  message: `Use one of ${SUBSCRIPTION_STATUSES.join(', ')}`,
});

/** Why a subscription moves: the events Stripe Billing documents for its statuses. */
export type SubscriptionEvent =
  | 'first_payment_succeeded'
  | 'trial_ended'
  | 'renewal_failed'
  | 'invoice_paid'
  | 'retries_exhausted_cancel'
  | 'retries_exhausted_unpaid'
  | 'first_invoice_expired'
  | 'pause'
  | 'resume'
  | 'cancel';

/** How long an incomplete subscription's first invoice may be paid before it expires (Stripe's 23 hours). */
export const INCOMPLETE_EXPIRES_AFTER_MS = 23 * 60 * 60 * 1000;

/**
 * Where each event may take a subscription from each status (Stripe Billing: an incomplete
 * subscription becomes active once its first invoice is paid, or incomplete_expired when it is not
 * paid within 23 hours, which is final like canceled; a trial ends into active and a failed
 * charge then makes it past_due; after the last retry it is canceled or unpaid as the merchant chose;
 * paying the open invoice brings past_due and unpaid back to active; canceled is final).
 */
const TRANSITIONS: Record<SubscriptionEvent, Partial<Record<SubscriptionStatus, SubscriptionStatus>>> = {
  first_payment_succeeded: { incomplete: 'active' },
  trial_ended: { trialing: 'active' },
  renewal_failed: { active: 'past_due', trialing: 'past_due', past_due: 'past_due' },
  invoice_paid: { incomplete: 'active', past_due: 'active', unpaid: 'active' },
  retries_exhausted_cancel: { past_due: 'canceled' },
  retries_exhausted_unpaid: { past_due: 'unpaid' },
  first_invoice_expired: { incomplete: 'incomplete_expired' },
  pause: { active: 'paused', trialing: 'paused', past_due: 'paused' },
  resume: { paused: 'active' },
  cancel: {
    trialing: 'canceled',
    active: 'canceled',
    past_due: 'canceled',
    paused: 'canceled',
    unpaid: 'canceled',
    incomplete: 'canceled',
  },
};

/** The status `event` leads to from `from`, or null when Stripe Billing's rules refuse it. */
export function nextSubscriptionStatus(from: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus | null {
  return TRANSITIONS[event][from] ?? null;
}

/** The statuses `event` may start from: the API's conditional UPDATE takes exactly these. */
export const statusesAllowing = (event: SubscriptionEvent): SubscriptionStatus[] =>
  SUBSCRIPTION_STATUSES.filter((s) => nextSubscriptionStatus(s, event) !== null);

/** Whether a subscription in this status still bills (renewals run and invoices are made). */
export const isBilling = (status: SubscriptionStatus) => status === 'active' || status === 'trialing';

export const COLLECTION_METHODS = ['charge_automatically', 'send_invoice'] as const;
export const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];

export const QUANTITY_MAX = 10_000;
const quantity = z
  .number({ error: 'Enter the quantity' })
  .int('Enter a whole quantity')
  .min(1, 'The quantity is at least 1')
  .max(QUANTITY_MAX, `The quantity is at most ${QUANTITY_MAX}`);

export const subscriptionCreate = z.object({
  customer_id: z.uuid({ message: 'Choose a customer' }),
  price_id: z.uuid({ message: 'Choose a recurring price' }),
  quantity: quantity.default(1),
  /** A saved card of the customer; without one, the customer's most recently saved card. */
  payment_method_id: z.uuid({ message: 'Choose one of the customer’s saved cards' }).optional(),
  collection_method: z
    .enum(COLLECTION_METHODS, { message: 'Use charge_automatically or send_invoice' })
    .default('charge_automatically'),
  /** Overrides the price's trial days; 0 starts billing at once. */
  trial_days: trialDays.optional(),
  /** When the periods are counted from (now by default); not in the past. */
  billing_cycle_anchor: calendarDateTime.optional(),
});
export type SubscriptionCreate = z.infer<typeof subscriptionCreate>;

/** A change of price or quantity; proration as Stripe's proration_behavior. */
export const subscriptionPatch = z
  .object({
    price_id: z.uuid({ message: 'Choose a recurring price' }).optional(),
    quantity: quantity.optional(),
    payment_method_id: z.uuid({ message: 'Choose one of the customer’s saved cards' }).optional(),
    proration_behavior: z
      .enum(PRORATION_BEHAVIORS, { message: `Use one of ${PRORATION_BEHAVIORS.join(', ')}` })
      .default('create_prorations'),
    /** Only compute what the change would cost, and change nothing. */
    preview: z.boolean().default(false),
  })
  .refine((v) => v.price_id !== undefined || v.quantity !== undefined || v.payment_method_id !== undefined, {
    message: 'Nothing to change',
  });
export type SubscriptionPatch = z.infer<typeof subscriptionPatch>;

export const subscriptionCancel = z.object({
  /** true: it runs to the end of the period already paid, then ends; false: it ends now. */
  at_period_end: z.boolean({ error: 'Say whether it ends now or at the end of the period' }).default(false),
  /** With an immediate cancel: refund the unused part of the period's payment. */
  prorate_refund: z.boolean().default(false),
});
export type SubscriptionCancel = z.infer<typeof subscriptionCancel>;

export const subscriptionListQuery = listQuery.extend({
  status: subscriptionStatus.optional(),
  customer_id: z.uuid({ message: 'Not a valid customer id' }).optional(),
  mode: paymentMode.optional(),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>;

export const subscriptionInvoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  status: z.string(),
  total_amount: z.number().int(),
  currency: z.string(),
  period_start: isoDateTime,
  period_end: isoDateTime,
  attempt_count: z.number().int(),
  next_payment_attempt_at: isoDateTime.nullable(),
  public_url: z.string(),
  created_at: isoDateTime,
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoiceSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: paymentMode,
  customer_id: z.string(),
  price_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  interval: billingInterval,
  interval_count: z.number().int(),
  quantity: z.number().int(),
  payment_method_id: z.string().nullable(),
  collection_method: z.enum(COLLECTION_METHODS),
  status: subscriptionStatus,
  billing_cycle_anchor: isoDateTime,
  current_period_start: isoDateTime,
  current_period_end: isoDateTime,
  trial_end: isoDateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: isoDateTime.nullable(),
  paused_at: isoDateTime.nullable(),
  /** A credit (negative) or charge carried to the next invoice by a change with create_prorations. */
  pending_proration: z.number().int(),
  test_clock_id: z.string().nullable(),
  ...recordTimestamps,
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionDetailSchema = subscriptionSchema.extend({ invoices: z.array(subscriptionInvoiceSchema) });
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/** What a change costs: the credit for unused time at the old price and the charge at the new one. */
export const prorationPreviewSchema = z.object({
  credit: z.number().int(),
  charge: z.number().int(),
  net: z.number().int(),
  currency: z.string(),
  unused_share_millionths: z.number().int(),
});
export type ProrationPreview = z.infer<typeof prorationPreviewSchema>;
export const subscriptionChangeSchema = z.object({
  subscription: subscriptionSchema,
  proration: prorationPreviewSchema,
  /** The invoice an always_invoice change made, if any. */
  invoice_id: z.string().nullable(),
});

/** A merchant's dunning: retry days after a failed renewal, and what the last failure does. */
export const DEFAULT_RETRY_DAYS = [1, 3, 5, 7];
export const AFTER_LAST_RETRY = ['canceled', 'unpaid'] as const;
export const billingSettingsSchema = z.object({
  retry_days: z
    .array(z.number().int('Use whole days').min(1, 'A retry is at least 1 day later').max(60, 'At most 60 days'), {
      error: 'List the retry days',
    })
    .max(8, 'At most 8 retries')
    .refine((d) => d.every((v, i) => i === 0 || v > d[i - 1]!), 'List the retry days in increasing order'),
  after_last_retry: z.enum(AFTER_LAST_RETRY, { message: 'Use canceled or unpaid' }),
  /** The customer portal offers "cancel at the end of the period" (docs/product-rules.md#customer-portal); left out: unchanged. */
  customers_may_cancel: z.boolean({ message: 'Use true or false' }).optional(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const SUBSCRIPTION_MESSAGES = {
  created: 'Subscription created.',
  updated: 'Subscription updated.',
  canceled: 'Subscription canceled.',
  cancelScheduled: 'The subscription ends at the end of its period.',
  paused: 'Subscription paused.',
  resumed: 'Subscription resumed.',
  notFound: 'Subscription not found.',
  priceNotRecurring: 'Choose a recurring price: this one is paid once.',
  priceArchived: 'This price is archived; choose an active one.',
  priceMode: 'The price and the customer must both be test or both be live.',
  noCard: 'The customer has no saved card. Save a card first, or choose send_invoice.',
  cardNotCustomers: 'This card is not one of the customer’s saved cards.',
  anchorPast: 'The billing cycle anchor cannot be in the past.',
  currencyChange: 'The new price must be in the subscription’s currency.',
  intervalChange:
    'Choose a price with the same billing period (interval and count). To move to another period, cancel this subscription at the end of its period and start a new one on the other price.',
  nothingToPay: 'This subscription has no open invoice to pay.',
  payUnderWay: 'A payment of this invoice is already under way. Wait a few minutes, then reload the subscription.',
  firstInvoiceExpired:
    'The first invoice was not paid within 23 hours, so this subscription has expired. Start a new subscription.',
} as const;

/** What a refused status move says, in words a person reads. */
export const refusedMove = (status: SubscriptionStatus, action: string) =>
  `A subscription that is ${status.replaceAll('_', ' ')} cannot be ${action}.`;
