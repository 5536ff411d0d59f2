// The quick-payment form as typed (amount as a decimal string, expiry as a local date-time) and its
// way into the contract's schema.
import { type QuickPayment, quickPaymentCreate } from '@kassa/contract/quick-payments';
import { z } from 'zod';
import {
  checkoutItemFormShape,
  checkoutItemToForm,
  emptyCheckoutItemForm,
} from '../../../components/form/checkout-item-form.ts';
import { minorToTyped, typedAmountToMinor } from '../../../lib/money-input.ts';

/** `<input type="datetime-local">` value (local time, no zone) for an ISO instant. */
export function toLocalDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const quickPaymentForm = z
  .object({
    ...checkoutItemFormShape,
    amount: z.string(),
    expires_at: z.string(),
    recurring_price_id: z.string(),
  })
  .transform(
    (v, ctx): z.input<typeof quickPaymentCreate> => ({
      ...v,
      amount: typedAmountToMinor(v.amount, v.currency, ctx, ['amount']),
      // The browser reads the local date-time in the user's zone; the API gets the instant.
      expires_at: v.expires_at ? new Date(v.expires_at).toISOString() : null,
      recurring_price_id: v.recurring_price_id || null,
    }),
  )
  .pipe(quickPaymentCreate);

export type QuickPaymentFormValues = z.input<typeof quickPaymentForm>;

export const emptyQuickPaymentForm = (): QuickPaymentFormValues => ({
  ...emptyCheckoutItemForm(),
  amount: '',
  expires_at: '',
  recurring_price_id: '',
});

export const quickPaymentToForm = (q: QuickPayment): QuickPaymentFormValues => ({
  ...checkoutItemToForm(q),
  amount: minorToTyped(q.amount, q.currency),
  expires_at: q.expires_at ? toLocalDateTime(q.expires_at) : '',
  recurring_price_id: q.recurring_price_id ?? '',
});

export const QUICK_PAYMENT_FIELDS = [
  'name',
  'description',
  'amount',
  'currency',
  'expires_at',
  'comment',
  'is_active',
  'recurring_price_id',
] as const;
