// A subscription's statuses and billing intervals as plain lists, without zod: the buyer pages (the
// customer portal) name them and must not load the schema library (docs/i18n.md); the schemas in
// subscriptions.ts and billing-calendar.ts are built from these lists.

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'paused',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const isSubscriptionStatus = (value: string): value is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

export const isBillingInterval = (value: string): value is BillingInterval =>
  (BILLING_INTERVALS as readonly string[]).includes(value);
