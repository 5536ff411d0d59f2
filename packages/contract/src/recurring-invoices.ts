// Recurring invoices: a template the server turns into a real invoice on each send date (Invoice
// Ninja's model). The schedule counts from one anchor (billing-calendar.ts, docs/product-rules.md
// "Billing periods" and "Recurring invoices"); every occurrence is an ordinary invoice, e-mailed and
// payable on its page, or charged to the customer's saved card when the merchant turned that on.
import { z } from 'zod';
import { type BillingCycle, billingInterval, intervalCount, periodBoundary } from './billing-calendar.ts';
import { calendarDate, isoDateTime, listQuery, recordTimestamps, sortOrders } from './common.ts';
import { INVOICE_MAX_ITEMS, invoiceItemInput, invoiceItemSchema, percentageBps } from './invoices.ts';
import { knownCurrency } from './products.ts';
import { maxChars } from './text-length.ts';
import { paymentMode } from './transactions.ts';

export const RECURRING_INVOICE_STATUSES = ['draft', 'active', 'paused', 'completed', 'stopped'] as const;
export type RecurringInvoiceStatus = (typeof RECURRING_INVOICE_STATUSES)[number];
export const RECURRING_STATUS_LABELS: Readonly<Record<RecurringInvoiceStatus, string>> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  stopped: 'Stopped',
};
/** Statuses in which the merchant may still change the template. */
export const EDITABLE_RECURRING_STATUSES: readonly RecurringInvoiceStatus[] = ['draft', 'active', 'paused'];

export const DUE_IN_DAYS_MAX = 365;
export const END_AFTER_COUNT_MAX = 1000;
/** How many coming send dates a template's page shows. */
export const UPCOMING_DATES = 5;

const dueInDays = z
  .number({ error: 'Enter the number of days the customer has to pay' })
  .int('Enter a whole number of days')
  .min(0, 'Due in days is 0 (on receipt) or more')
  .max(DUE_IN_DAYS_MAX, `Due in days is at most ${DUE_IN_DAYS_MAX}`);
const endAfterCount = z
  .number({ error: 'Enter how many invoices to send' })
  .int('Enter a whole number of invoices')
  .min(1, 'Send at least one invoice')
  .max(END_AFTER_COUNT_MAX, `At most ${END_AFTER_COUNT_MAX} invoices`);

const templateFields = {
  customer_id: z.uuid({ message: 'Choose a customer' }),
  currency: knownCurrency,
  items: z
    .array(invoiceItemInput)
    .min(1, 'Add a line: a product or a named item with its price')
    .max(INVOICE_MAX_ITEMS, `At most ${INVOICE_MAX_ITEMS} items`),
  discount_percentage: percentageBps,
  shipping_percentage: percentageBps,
  tax_percentage: percentageBps,
  /** The notes every invoice of the schedule carries. */
  description: maxChars(z.string().trim(), 5000, 'Notes are too long'),
  due_in_days: dueInDays,
  interval: billingInterval,
  interval_count: intervalCount,
  /** The first (next) send date, in UTC. */
  start_date: calendarDate,
  /** Stop after this many invoices; null or absent: no count limit. */
  end_after_count: endAfterCount.nullable(),
  /** No invoice is sent after this day; null or absent: no end date. */
  end_date: calendarDate.nullable(),
  /** Charge the customer's saved card as each invoice is made. */
  auto_charge: z.boolean(),
};

/** One end at most: after a count or on a date (or never). */
const oneEnd = (v: { end_after_count?: number | null; end_date?: string | null }) =>
  !(v.end_after_count != null && v.end_date != null);
const END_MESSAGE = { message: 'End after a number of invoices or on a date, not both', path: ['end_date'] };
const endNotBeforeStart = (v: { start_date?: string; end_date?: string | null }) =>
  !v.start_date || !v.end_date || v.end_date >= v.start_date;
const END_BEFORE_START = { message: 'The end date is before the start date', path: ['end_date'] };

export const recurringInvoiceCreate = z
  .object({
    ...templateFields,
    discount_percentage: templateFields.discount_percentage.default(0),
    shipping_percentage: templateFields.shipping_percentage.default(0),
    tax_percentage: templateFields.tax_percentage.default(0),
    description: templateFields.description.default(''),
    due_in_days: templateFields.due_in_days.default(14),
    interval_count: templateFields.interval_count.default(1),
    end_after_count: templateFields.end_after_count.optional(),
    end_date: templateFields.end_date.optional(),
    auto_charge: templateFields.auto_charge.default(false),
    /** active: the schedule runs at once; draft: it waits for "start". */
    status: z.enum(['draft', 'active'], { error: 'Choose draft or active' }).default('active'),
  })
  .refine(oneEnd, END_MESSAGE)
  .refine(endNotBeforeStart, END_BEFORE_START);
export type RecurringInvoiceCreateBody = z.input<typeof recurringInvoiceCreate>;
export type RecurringInvoiceCreate = z.output<typeof recurringInvoiceCreate>;

export const recurringInvoicePatch = z
  .object(templateFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })
  .refine(oneEnd, END_MESSAGE)
  .refine(endNotBeforeStart, END_BEFORE_START);
export type RecurringInvoicePatch = z.output<typeof recurringInvoicePatch>;

export const RECURRING_INVOICE_SORTS = sortOrders('created_at', 'next_send_date', 'total_amount');
export const recurringInvoiceListQuery = listQuery.extend({
  status: z.enum(RECURRING_INVOICE_STATUSES, { message: 'Unknown status' }).optional(),
  customer_id: z.uuid({ message: 'Not a valid customer id' }).optional(),
  /** Only test or only live customers' schedules; an API key sees only its own mode. */
  mode: paymentMode.optional(),
  sort_by: z
    .enum(RECURRING_INVOICE_SORTS, { message: `Sort by one of ${RECURRING_INVOICE_SORTS.join(', ')}` })
    .optional(),
});
export type RecurringInvoiceListQuery = z.infer<typeof recurringInvoiceListQuery>;

export const recurringInvoiceSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  mode: paymentMode,
  status: z.enum(RECURRING_INVOICE_STATUSES),
  currency: z.string(),
  items: z.array(invoiceItemSchema),
  discount_percentage: z.string(),
  shipping_percentage: z.string(),
  tax_percentage: z.string(),
  sub_total_amount: z.number().int(),
  total_amount: z.number().int(),
  description: z.string(),
  due_in_days: z.number().int(),
  interval: billingInterval,
  interval_count: z.number().int(),
  start_date: z.string(),
  end_after_count: z.number().int().nullable(),
  end_date: z.string().nullable(),
  auto_charge: z.boolean(),
  /** The next day an invoice is made; null once the schedule has ended or was stopped. */
  next_send_date: z.string().nullable(),
  /** The coming send dates (at most five), within the end. */
  upcoming_dates: z.array(z.string()),
  invoices_made: z.number().int(),
  last_sent_at: isoDateTime.nullable(),
  ...recordTimestamps,
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;

export const RECURRING_INVOICE_MESSAGES = {
  created: 'Recurring invoice saved.',
  updated: 'Recurring invoice updated.',
  started: 'Recurring invoice started.',
  paused: 'Recurring invoice paused: no invoice is sent until you resume it.',
  resumed: 'Recurring invoice resumed.',
  stopped: 'Recurring invoice stopped: no more invoices will be sent.',
  deleted: 'Draft recurring invoice deleted.',
  notFound: 'Recurring invoice not found.',
} as const;

export const FREQUENCY_PRESETS = [
  { label: 'Weekly', interval: 'week', interval_count: 1 },
  { label: 'Every 2 weeks', interval: 'week', interval_count: 2 },
  { label: 'Monthly', interval: 'month', interval_count: 1 },
  { label: 'Quarterly', interval: 'month', interval_count: 3 },
  { label: 'Every 6 months', interval: 'month', interval_count: 6 },
  { label: 'Yearly', interval: 'year', interval_count: 1 },
] as const;

const UNIT = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

/** "Monthly", "Every 2 weeks", "Every 3 days": how the schedule reads to a person. */
export function frequencyLabel(cycle: BillingCycle): string {
  const preset = FREQUENCY_PRESETS.find(
    (p) => p.interval === cycle.interval && p.interval_count === cycle.intervalCount,
  );
  if (preset) return preset.label;
  if (cycle.intervalCount === 1) return cycle.interval === 'day' ? 'Daily' : `Every ${UNIT[cycle.interval]}`;
  return `Every ${cycle.intervalCount} ${UNIT[cycle.interval]}s`;
}

/** A calendar day (YYYY-MM-DD) as the UTC midnight it starts at. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface Schedule extends BillingCycle {
  /** The day the periods count from (the start date, or the day a resumed or changed schedule restarts). */
  anchorDate: string;
  /** How many boundaries after the anchor have been used: the next send date is boundary `periodIndex`. */
  periodIndex: number;
  /** Invoices made so far, whatever the anchor. */
  invoicesMade: number;
  endAfterCount: number | null;
  endDate: string | null;
}

/** The send date of the k-th boundary after the anchor, or null when the schedule's end comes first. */
export function sendDateAt(s: Schedule, offset: number): string | null {
  if (s.endAfterCount !== null && s.invoicesMade + offset >= s.endAfterCount) return null;
  const day = dayOf(periodBoundary(dayStart(s.anchorDate), s, s.periodIndex + offset));
  if (s.endDate !== null && day > s.endDate) return null;
  return day;
}

/** The next send date and the ones after it, at most `count`, none past the schedule's end. */
export function upcomingSendDates(s: Schedule, count = UPCOMING_DATES): string[] {
  const out: string[] = [];
  for (let offset = 0; offset < count; offset++) {
    const day = sendDateAt(s, offset);
    if (day === null) break;
    out.push(day);
  }
  return out;
}

/** The due date of an invoice sent on `sendDate`: so many days later. */
export function dueDateOf(sendDate: string, dueInDays: number): string {
  return dayOf(new Date(dayStart(sendDate).getTime() + dueInDays * 86_400_000));
}
