// The quick-payment form as typed (amount as a decimal string, expiry as a local date-time) and its
// way into the contract's schema.
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import { type QuickPayment, quickPaymentCreate } from '@kassa/contract/quick-payments';
import { z } from 'zod';
import { minorToTyped, typedAmountToMinor } from '../../../lib/money-input.ts';

/** `<input type="datetime-local">` value (local time, no zone) for an ISO instant. */
export function toLocalDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const quickPaymentForm = z
  .object({
    name: z.string(),
    description: z.string(),
    amount: z.string(),
    currency: z.string(),
    expires_at: z.string(),
    comment: z.string().nullable(),
    is_active: z.boolean(),
  })
  .transform(
    (v, ctx): z.input<typeof quickPaymentCreate> => ({
      ...v,
      amount: typedAmountToMinor(v.amount, v.currency, ctx, ['amount']),
      // The browser reads the local date-time in the user's zone; the API gets the instant.
      expires_at: v.expires_at ? new Date(v.expires_at).toISOString() : null,
    }),
  )
  .pipe(quickPaymentCreate);

export type QuickPaymentFormValues = z.input<typeof quickPaymentForm>;
export type QuickPaymentFormOutput = z.output<typeof quickPaymentForm>;

export const emptyQuickPaymentForm = (): QuickPaymentFormValues => ({
  name: '',
  description: '',
  amount: '',
  currency: DEFAULT_CURRENCY,
  expires_at: '',
  comment: null,
  is_active: true,
});

export const quickPaymentToForm = (q: QuickPayment): QuickPaymentFormValues => ({
  name: q.name,
  description: q.description,
  amount: minorToTyped(q.amount, q.currency),
  currency: q.currency,
  expires_at: q.expires_at ? toLocalDateTime(q.expires_at) : '',
  comment: q.comment,
  is_active: q.is_active,
});

export const QUICK_PAYMENT_FIELDS = [
  'name',
  'description',
  'amount',
  'currency',
  'expires_at',
  'comment',
  'is_active',
] as const;
