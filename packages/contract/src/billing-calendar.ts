// When a recurring charge falls due: subscriptions (prices with an interval) and recurring invoices
// both count their periods from one anchor, so a month end never drifts (docs/product-rules.md,
// "Billing periods"): a 31 January anchor bills 28/29 February, then 31 March again, because each
// boundary is the anchor plus n whole intervals, never the previous boundary plus one.
import { UTCDate } from '@date-fns/utc';
// One file per function (date-fns's documented subpath imports): its index loads every function and
// would cost the API's start (docs/operations.md#start-time).
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { addWeeks } from 'date-fns/addWeeks';
import { addYears } from 'date-fns/addYears';
import { differenceInMilliseconds } from 'date-fns/differenceInMilliseconds';
import { z } from 'zod';
import { BILLING_INTERVALS, type BillingInterval } from './subscription-words.ts';

export const billingInterval = z.enum(BILLING_INTERVALS, {
  error: 'Choose day, week, month or year',
});
export type { BillingInterval } from './subscription-words.ts';

export const intervalCount = z
  .number({ error: 'Enter how many intervals make one period' })
  .int('Enter a whole number of intervals')
  .min(1, 'A period is at least one interval')
  .max(365, 'A period is at most 365 intervals');

// Stripe's limit: a period never longer than three years.
const MAX_PERIOD_DAYS = 3 * 366;

export interface BillingCycle {
  interval: BillingInterval;
  intervalCount: number;
}

/** The n-th boundary after `anchor` (n = 0 is the anchor itself), in UTC. */
export function periodBoundary(anchor: Date, cycle: BillingCycle, n: number): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('A period number is a whole number from 0');
  const from = new UTCDate(anchor.getTime());
  const steps = n * cycle.intervalCount;
  const next =
    cycle.interval === 'day'
      ? addDays(from, steps)
      : cycle.interval === 'week'
        ? addWeeks(from, steps)
        : cycle.interval === 'month'
          ? addMonths(from, steps)
          : addYears(from, steps);
  return new Date(next.getTime());
}

/** The period that contains `at`: its number, start and end (end exclusive). */
export function periodContaining(anchor: Date, cycle: BillingCycle, at: Date) {
  if (at.getTime() < anchor.getTime()) return { n: 0, start: anchor, end: periodBoundary(anchor, cycle, 1) };
  // A first guess from the average length, then a walk of at most a step or two either way.
  const average = periodBoundary(anchor, cycle, 1).getTime() - anchor.getTime();
  let n = Math.max(0, Math.floor((at.getTime() - anchor.getTime()) / average));
  while (n > 0 && periodBoundary(anchor, cycle, n).getTime() > at.getTime()) n--;
  while (periodBoundary(anchor, cycle, n + 1).getTime() <= at.getTime()) n++;
  return { n, start: periodBoundary(anchor, cycle, n), end: periodBoundary(anchor, cycle, n + 1) };
}

/** True when one period of the cycle stays within the longest period a processor accepts. */
export function isAcceptedCycle(cycle: BillingCycle) {
  const days = { day: 1, week: 7, month: 31, year: 366 }[cycle.interval] * cycle.intervalCount;
  return days <= MAX_PERIOD_DAYS;
}

/**
 * The share of a period still to run at `at`, in millionths, for proration: the unused part of a
 * period is credited and the new price charged for the same part (docs/product-rules.md).
 */
export function unusedShareOfPeriod(start: Date, end: Date, at: Date) {
  const whole = differenceInMilliseconds(end, start);
  if (whole <= 0) return 0;
  const left = Math.min(Math.max(differenceInMilliseconds(end, at), 0), whole);
  return Math.round((left * 1_000_000) / whole);
}
