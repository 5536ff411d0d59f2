// Prices: what a product costs once (interval null) or every period (a recurring price a subscription
// follows). A price never changes its amount or its cycle once made: subscriptions and their invoices
// point at it, so a new amount is a new price and the old one is archived (active: false), as Stripe does.
import { z } from 'zod';
import { billingInterval, intervalCount, isAcceptedCycle } from './billing-calendar.ts';
import { isoDateTime, listQuery, minorAmount, recordTimestamps } from './common.ts';
import { knownCurrency } from './products.ts';
import { everyPeriod } from './subscribe-at-checkout.ts';
import { paymentMode } from './transactions.ts';

/** A trial of up to two years, as Stripe's trial_period_days allows (730). */
export const TRIAL_DAYS_MAX = 730;
export const trialDays = z
  .number({ error: 'Enter the trial in whole days' })
  .int('Enter the trial in whole days')
  .min(0, 'A trial cannot be negative')
  .max(TRIAL_DAYS_MAX, `A trial is at most ${TRIAL_DAYS_MAX} days`);

export const priceCreate = z
  .object({
    product_id: z.uuid({ message: 'Choose a product' }),
    amount: minorAmount.min(1, 'Enter an amount above zero'),
    currency: knownCurrency,
    /** null: a one-off price; else the unit of one billing period. */
    interval: billingInterval.nullable().default(null),
    interval_count: intervalCount.default(1),
    trial_days: trialDays.default(0),
    /** A portal user's Test mode switch; an API key always creates in its own mode. */
    mode: paymentMode.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.interval === null && v.trial_days > 0) {
      ctx.addIssue({ code: 'custom', path: ['trial_days'], message: 'Only a recurring price has a trial' });
    }
    if (v.interval !== null && !isAcceptedCycle({ interval: v.interval, intervalCount: v.interval_count })) {
      ctx.addIssue({ code: 'custom', path: ['interval_count'], message: 'A billing period is at most three years' });
    }
  });
export type PriceCreate = z.infer<typeof priceCreate>;

/** Only archiving (and un-archiving): amounts and cycles are fixed once a subscription may follow them. */
export const pricePatch = z.object({ active: z.boolean({ error: 'Say whether the price is active' }) });
export type PricePatch = z.infer<typeof pricePatch>;

export const priceListQuery = listQuery.extend({
  product_id: z.uuid({ message: 'Not a valid product id' }).optional(),
  mode: paymentMode.optional(),
  active: z.enum(['true', 'false'], { message: 'Use true or false' }).optional(),
  recurring: z.enum(['true', 'false'], { message: 'Use true or false' }).optional(),
});
export type PriceListQuery = z.infer<typeof priceListQuery>;

export const priceSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  product_id: z.string(),
  mode: paymentMode,
  amount: z.number().int(),
  currency: z.string(),
  interval: billingInterval.nullable(),
  interval_count: z.number().int(),
  trial_days: z.number().int(),
  active: z.boolean(),
  archived_at: isoDateTime.nullable(),
  ...recordTimestamps,
});
export type Price = z.infer<typeof priceSchema>;

/** "every month", "every 3 weeks", "once": how a person reads a price's cycle. */
export function describeCycle(price: Pick<Price, 'interval' | 'interval_count'>): string {
  if (price.interval === null) return 'once';
  return everyPeriod(price.interval, price.interval_count);
}

export const PRICE_MESSAGES = {
  created: 'Price created.',
  updated: 'Price updated.',
  notFound: 'Price not found.',
  productNotFound: 'Product not found.',
} as const;
