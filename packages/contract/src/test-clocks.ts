// Test clocks (as Stripe's): a time a merchant sets and moves forward in test mode, which the
// subscriptions of the customers attached to it follow instead of the wall clock, so trials, renewals,
// failures and retries happen in seconds (docs/decisions/0024-renewals-exactly-once.md).
import { z } from 'zod';
import { calendarDateTime, isoDateTime, listQuery, recordTimestamps } from './common.ts';
import { maxChars } from './text-length.ts';

export const testClockCreate = z.object({
  frozen_time: calendarDateTime,
  name: maxChars(z.string().trim(), 120, 'The name is too long').optional(),
});
export type TestClockCreate = z.infer<typeof testClockCreate>;

export const testClockAdvance = z.object({ frozen_time: calendarDateTime });
export type TestClockAdvance = z.infer<typeof testClockAdvance>;

export const testClockListQuery = listQuery;

/** One thing that happened while a clock advanced, for the portal to show. */
export const clockHappeningSchema = z.object({
  at: isoDateTime,
  subscription_id: z.string(),
  kind: z.enum(['renewal', 'trial_end', 'retry', 'canceled', 'trial_will_end', 'expired']),
  message: z.string(),
});
export type ClockHappening = z.infer<typeof clockHappeningSchema>;

export const testClockSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  name: z.string(),
  frozen_time: isoDateTime,
  ...recordTimestamps,
});
export type TestClock = z.infer<typeof testClockSchema>;
export const testClockAdvanceResult = testClockSchema.extend({ happened: z.array(clockHappeningSchema) });

export const TEST_CLOCK_MESSAGES = {
  created: 'Test clock created.',
  advanced: 'Test clock advanced.',
  deleted: 'Test clock deleted.',
  notFound: 'Test clock not found.',
  onlyForward: 'A test clock only moves forward: choose a time after its current time.',
  liveRefused: 'Test clocks are for test mode only: a live customer always follows the real time.',
  tooFar: 'Advance a test clock by at most two years at a time.',
} as const;
