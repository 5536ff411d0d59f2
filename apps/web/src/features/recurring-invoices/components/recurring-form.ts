// The recurring invoice form as typed (amounts, counts and percentages as strings) and its way into
// the contract's recurringInvoiceCreate, whose messages the fields show. The lines are the invoice
// form's (features/invoices), so typing them works and reads the same.
import type { BillingInterval } from '@kassa/contract/billing-calendar';
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import { bpsToPercentage } from '@kassa/contract/invoices';
import { type RecurringInvoice, recurringInvoiceCreate } from '@kassa/contract/recurring-invoices';
import { z } from 'zod';
import {
  emptyItem,
  type InvoiceItemFormValues,
  itemsToForm,
  typedItems,
  typedPercentage,
} from '../../invoices/index.ts';

const WHOLE = /^\d+$/;
const typedCount = (value: string) => (WHOLE.test(value.trim()) ? Number(value.trim()) : Number.NaN);

export const END_KINDS = ['never', 'count', 'date'] as const;

export const recurringForm = z
  .object({
    customer_id: z.string(),
    currency: z.string(),
    items: z.array(z.custom<InvoiceItemFormValues>()),
    discount_percentage: z.string(),
    shipping_percentage: z.string(),
    tax_percentage: z.string(),
    description: z.string(),
    due_in_days: z.string(),
    interval: z.string(),
    interval_count: z.string(),
    start_date: z.string(),
    end_kind: z.enum(END_KINDS),
    end_after_count: z.string(),
    end_date: z.string(),
    auto_charge: z.boolean(),
  })
  .transform(
    (v, ctx): z.input<typeof recurringInvoiceCreate> => ({
      customer_id: v.customer_id,
      currency: v.currency,
      items: typedItems(v.items, v.currency, ctx),
      discount_percentage: v.discount_percentage.trim() || '0',
      shipping_percentage: v.shipping_percentage.trim() || '0',
      tax_percentage: v.tax_percentage.trim() || '0',
      description: v.description,
      due_in_days: typedCount(v.due_in_days),
      // Checked by the contract's enum right after, with its own message.
      interval: v.interval as BillingInterval,
      interval_count: typedCount(v.interval_count),
      start_date: v.start_date,
      end_after_count: v.end_kind === 'count' ? typedCount(v.end_after_count) : null,
      end_date: v.end_kind === 'date' ? v.end_date : null,
      auto_charge: v.auto_charge,
    }),
  )
  .pipe(recurringInvoiceCreate);

export type RecurringFormValues = z.input<typeof recurringForm>;
export type RecurringFormOutput = z.output<typeof recurringForm>;

/** Fields the API may name in its field errors, as the form has them. */
export const RECURRING_FIELDS = [
  'customer_id',
  'currency',
  'items',
  'discount_percentage',
  'shipping_percentage',
  'tax_percentage',
  'description',
  'due_in_days',
  'interval',
  'interval_count',
  'start_date',
  'end_after_count',
  'end_date',
] as const;

export const emptyRecurringForm = (today: string, customerId = ''): RecurringFormValues => ({
  customer_id: customerId,
  currency: DEFAULT_CURRENCY,
  items: [emptyItem()],
  discount_percentage: '0',
  shipping_percentage: '0',
  tax_percentage: '0',
  description: '',
  due_in_days: '14',
  interval: 'month',
  interval_count: '1',
  start_date: today,
  end_kind: 'never',
  end_after_count: '12',
  end_date: '',
  auto_charge: false,
});

export const recurringToForm = (r: RecurringInvoice): RecurringFormValues => ({
  customer_id: r.customer_id,
  currency: r.currency,
  items: itemsToForm(r.items, r.currency),
  discount_percentage: typedPercentage(r.discount_percentage),
  shipping_percentage: typedPercentage(r.shipping_percentage),
  tax_percentage: typedPercentage(r.tax_percentage),
  description: r.description,
  due_in_days: String(r.due_in_days),
  interval: r.interval,
  interval_count: String(r.interval_count),
  start_date: r.next_send_date ?? r.start_date,
  end_kind: r.end_after_count !== null ? 'count' : r.end_date ? 'date' : 'never',
  end_after_count: String(r.end_after_count ?? 12),
  end_date: r.end_date ?? '',
  auto_charge: r.auto_charge,
});

/** The API body: percentages back in their decimal form (the resolver's output holds basis points). */
export const toBody = (values: RecurringFormOutput) => ({
  ...values,
  discount_percentage: bpsToPercentage(values.discount_percentage),
  shipping_percentage: bpsToPercentage(values.shipping_percentage),
  tax_percentage: bpsToPercentage(values.tax_percentage),
});

/**
 * A change of a saved template: the schedule's start and frequency only when changed, since sending
 * them re-anchors the schedule (and a start date already past would be refused).
 */
export function toPatch(values: RecurringFormOutput, saved: RecurringInvoice) {
  const { customer_id: _customer, status: _status, start_date, interval, interval_count, ...rest } = toBody(values);
  const isRescheduled =
    start_date !== (saved.next_send_date ?? saved.start_date) ||
    interval !== saved.interval ||
    interval_count !== saved.interval_count;
  return isRescheduled ? { ...rest, start_date, interval, interval_count } : rest;
}
