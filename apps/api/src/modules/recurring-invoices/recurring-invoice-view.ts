// A stored template as the API answers it, and its schedule as billing-calendar.ts counts it.
import { bpsToPercentage } from '@kassa/contract/invoices';
import { type RecurringInvoice, type Schedule, upcomingSendDates } from '@kassa/contract/recurring-invoices';
import type { RecurringRow, RecurringWithCustomer } from './recurring-invoices.queries.ts';

export const scheduleOf = (row: RecurringRow): Schedule => ({
  interval: row.interval,
  intervalCount: row.intervalCount,
  anchorDate: row.anchorDate,
  periodIndex: row.periodIndex,
  invoicesMade: row.invoicesMade,
  endAfterCount: row.endAfterCount,
  endDate: row.endDate,
});

export function toRecurringInvoice(row: RecurringWithCustomer): RecurringInvoice {
  const isRunning = row.status === 'active' || row.status === 'paused' || row.status === 'draft';
  return {
    id: row.id,
    merchant_id: row.merchantId,
    customer_id: row.customerId,
    customer_name: row.customerName,
    customer_email: row.customerEmail ?? '',
    mode: row.mode,
    status: row.status,
    currency: row.currency,
    items: row.items.map((line) => ({
      item_type: line.itemType,
      product_id: line.productId,
      product_name: line.productId ? line.itemName : null,
      item_name: line.productId ? null : line.itemName,
      quantity: line.quantity,
      price: line.price,
      total_price: line.totalPrice,
    })),
    discount_percentage: bpsToPercentage(row.discountBps),
    shipping_percentage: bpsToPercentage(row.shippingBps),
    tax_percentage: bpsToPercentage(row.taxBps),
    sub_total_amount: row.subTotalAmount,
    total_amount: row.totalAmount,
    description: row.description,
    due_in_days: row.dueInDays,
    interval: row.interval,
    interval_count: row.intervalCount,
    start_date: row.startDate,
    end_after_count: row.endAfterCount,
    end_date: row.endDate,
    auto_charge: row.autoCharge,
    next_send_date: isRunning ? row.nextSendDate : null,
    upcoming_dates: isRunning ? upcomingSendDates(scheduleOf(row)) : [],
    invoices_made: row.invoicesMade,
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
