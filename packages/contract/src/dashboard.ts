// Dashboard summary (docs/ARCHITECTURE.md: app 1, view access): volume, refunds, net, count, success rate
// and average ticket for a date range against the previous period of equal length.
import { z } from 'zod';
import { calendarDate } from './common.ts';
import { PAYMENT_METHODS } from './payment-methods.ts';
import { paymentMode, TRANSACTION_STATUSES } from './transactions.ts';

export const DASHBOARD_MAX_DAYS = 366;
export const DASHBOARD_DEFAULT_DAYS = 30;

export const dashboardQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  /** A master merchant: one sub-merchant's id, or 'all' for itself and every sub-merchant. */
  merchant_id: z.union([z.literal('all'), z.uuid({ message: 'Not a valid merchant id' })]).optional(),
  /** Test-mode and live-mode money are never added together: the dashboard shows one of them. */
  mode: paymentMode.default('test'),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardTotals = z.object({
  /** Captured amount of payments made in the period. */
  gross_volume: z.number().int(),
  /** Refunded amount of those payments. */
  refunds: z.number().int(),
  net: z.number().int(),
  /** Payments captured (refunded ones included). */
  count: z.number().int(),
  /** Captured payments over every finished attempt, in percent with 2 decimals; null with no attempts. */
  success_rate: z.number().nullable(),
  /** gross_volume / count rounded to the minor unit; 0 with no payments. */
  average_ticket: z.number().int(),
});
export type DashboardTotals = z.infer<typeof dashboardTotals>;

export const dashboardCurrency = z.object({
  currency: z.string(),
  current: dashboardTotals,
  previous: dashboardTotals,
  series: z.array(z.object({ date: z.string(), gross_volume: z.number().int(), count: z.number().int() })),
  /** Captured payments by method: counts and volumes add up to the headline count and gross volume. */
  by_method: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), gross_volume: z.number().int() }),
  ),
  by_status: z.array(
    z.object({ status: z.enum(TRANSACTION_STATUSES), count: z.number().int(), amount: z.number().int() }),
  ),
  top_products: z.array(
    z.object({ product_id: z.string(), name: z.string(), count: z.number().int(), gross_volume: z.number().int() }),
  ),
});
export type DashboardCurrency = z.infer<typeof dashboardCurrency>;

export const dashboardSummary = z.object({
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  merchant_ids: z.array(z.string()),
  /** One block per currency, the merchant's default currency first. */
  currencies: z.array(dashboardCurrency),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
