// A subscription as the API answers it, with the price it follows and, for one subscription, its invoices.
import type { Subscription, SubscriptionInvoice } from '@kassa/contract/subscriptions';
import type { InvoiceRow } from '../invoices/period-invoices.service.ts';
import type { PriceRow } from '../prices/prices.service.ts';
import type { SubscriptionRow } from './subscriptions.queries.ts';

export const toSubscription = (row: SubscriptionRow, price: PriceRow): Subscription => ({
  id: row.id,
  merchant_id: row.merchantId,
  mode: row.mode,
  customer_id: row.customerId,
  price_id: row.priceId,
  amount: price.amount,
  currency: price.currency,
  interval: price.interval ?? 'month',
  interval_count: price.intervalCount,
  quantity: row.quantity,
  payment_method_id: row.paymentMethodId,
  collection_method: row.collectionMethod,
  status: row.status,
  billing_cycle_anchor: row.billingCycleAnchor.toISOString(),
  current_period_start: row.currentPeriodStart.toISOString(),
  current_period_end: row.currentPeriodEnd.toISOString(),
  trial_end: row.trialEnd?.toISOString() ?? null,
  cancel_at_period_end: row.cancelAtPeriodEnd,
  canceled_at: row.canceledAt?.toISOString() ?? null,
  paused_at: row.pausedAt?.toISOString() ?? null,
  pending_proration: row.pendingProration,
  test_clock_id: row.testClockId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toSubscriptionInvoice = (row: InvoiceRow, publicUrl: string): SubscriptionInvoice => ({
  id: row.id,
  invoice_number: row.invoiceNumber,
  status: row.status,
  total_amount: row.totalAmount,
  currency: row.currency,
  period_start: (row.periodStart ?? row.createdAt).toISOString(),
  period_end: (row.periodEnd ?? row.createdAt).toISOString(),
  attempt_count: row.attemptCount,
  next_payment_attempt_at: row.nextPaymentAttemptAt?.toISOString() ?? null,
  public_url: publicUrl,
  created_at: row.createdAt.toISOString(),
});
