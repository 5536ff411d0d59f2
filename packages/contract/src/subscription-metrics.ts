// Subscription metrics on the Subscriptions page (docs/product-rules.md#subscription-metrics): monthly
// recurring revenue per currency, active subscribers, churn and failed-payment recovery over the last
// 30 days. The month rule below is the one the API's SQL is built from.
import { z } from 'zod';
import type { BillingInterval } from './billing-calendar.ts';
import { paymentMode } from './transactions.ts';

/**
 * How many of an interval fit in a month, as a fraction (Stripe's MRR rule): a year is 12 months, a
 * week 52/12 of a month's worth, a day 365/12. Kept as whole numbers so no float touches money.
 */
export const PER_MONTH: Record<BillingInterval, { times: number; per: number }> = {
  day: { times: 365, per: 12 },
  week: { times: 52, per: 12 },
  month: { times: 1, per: 1 },
  year: { times: 1, per: 12 },
};

/** The window churn and recovery look back over. */
export const METRICS_WINDOW_DAYS = 30;

export interface RecurringItem {
  amount: number;
  quantity: number;
  interval: BillingInterval;
  intervalCount: number;
}

/**
 * A currency's MRR in minor units: each item's amount × quantity brought to one month exactly, summed,
 * then rounded once (half away from zero, as PostgreSQL's round(numeric)), so many small daily prices
 * do not each lose a fraction.
 */
export function monthlyRecurringRevenue(items: readonly RecurringItem[]): number {
  // A common denominator of every item's month fraction keeps the sum exact in integers.
  let num = 0n;
  let den = 1n;
  for (const item of items) {
    const f = PER_MONTH[item.interval];
    const itemNum = BigInt(item.amount) * BigInt(item.quantity) * BigInt(f.times);
    const itemDen = BigInt(f.per) * BigInt(item.intervalCount);
    num = num * itemDen + itemNum * den;
    den *= itemDen;
  }
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const rounded = (abs * 2n + den) / (den * 2n);
  return Number(negative ? -rounded : rounded);
}

export const subscriptionMetricsQuery = z.object({
  /** A portal user's Test mode switch; an API key always reads its own mode. */
  mode: paymentMode.optional(),
});
export type SubscriptionMetricsQuery = z.infer<typeof subscriptionMetricsQuery>;

const currencyAmount = z.object({ currency: z.string(), amount: z.number().int() });

export const subscriptionMetricsSchema = z.object({
  /** Active and past-due subscriptions' prices × quantity per month, one entry per currency. */
  mrr: z.array(currencyAmount),
  /** Distinct customers with a trialing, active or past-due subscription. */
  active_subscribers: z.number().int(),
  churn: z.object({
    window_days: z.number().int(),
    /** Subscriptions that existed and were not canceled when the window began. */
    active_at_start: z.number().int(),
    /** Of those, how many were canceled within the window. */
    canceled: z.number().int(),
    /** canceled ÷ active_at_start, 0 to 1 (four decimals); null without subscriptions at the start. */
    rate: z.number().nullable(),
  }),
  recovery: z.object({
    window_days: z.number().int(),
    /** Subscription invoices with a failed charge in the window. */
    failed_invoices: z.number().int(),
    /** Of those, how many were paid after all. */
    recovered_invoices: z.number().int(),
    /** What the recovered invoices took, per currency. */
    amount_recovered: z.array(currencyAmount),
  }),
});
export type SubscriptionMetrics = z.infer<typeof subscriptionMetricsSchema>;

/** "12.5 %": a churn rate as a person reads it. */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')} %`;
