// Stored invoice rows → the contract's shapes. Overdue is computed here, on read, from the due date.
import { buyerPagePath } from '@kassa/contract/buyer-pages';
import type { InvoiceBalance } from '@kassa/contract/invoice-payments';
import type { Invoice, InvoiceItem, InvoicePayment, InvoiceStatus, InvoiceSummary } from '@kassa/contract/invoices';
import { bpsToPercentage, ITEM_TYPE } from '@kassa/contract/invoices';
import type { InvoiceItemRow, InvoicePaymentRow, InvoiceRow } from './invoices.queries.ts';

export const invoicePublicUrl = (publicUrl: string, id: string) => `${publicUrl}${buyerPagePath('invoice-copy', id)}`;

/** The UTC calendar day: due dates are plain dates and compared with this. */
export const utcToday = (now: Date) => now.toISOString().slice(0, 10);

export function displayStatus(row: Pick<InvoiceRow, 'status' | 'dueDate'>, today: string): InvoiceStatus {
  return (row.status === 'sent' || row.status === 'viewed') && row.dueDate < today ? 'overdue' : row.status;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the amount rules of docs/product-rules.md#partial-payments read from an invoice row. */
export const invoiceBalanceOf = (
  row: Pick<InvoiceRow, 'currency' | 'totalAmount' | 'amountPaid' | 'depositAmount' | 'allowPartial'>,
): InvoiceBalance => ({
  currency: row.currency,
  total_amount: row.totalAmount,
  amount_paid: row.amountPaid,
  deposit_amount: row.depositAmount,
  allow_partial: row.allowPartial,
});

export const toInvoicePayment = (p: InvoicePaymentRow): InvoicePayment => ({
  id: p.id,
  amount: p.amount,
  refunded_amount: p.refundedAmount,
  status: p.status,
  card_brand: p.cardBrand,
  card_last4: p.cardLast4,
  created_at: p.createdAt.toISOString(),
});

export function toInvoiceSummary(row: InvoiceRow, publicUrl: string, today: string): InvoiceSummary {
  return {
    id: row.id,
    merchant_id: row.merchantId,
    invoice_number: row.invoiceNumber,
    customer_first_name: row.customerFirstName,
    customer_last_name: row.customerLastName,
    customer_email: row.customerEmail,
    business_name: row.businessName,
    due_date: row.dueDate,
    status: displayStatus(row, today),
    currency: row.currency,
    total_amount: row.totalAmount,
    amount_paid: row.amountPaid,
    balance_due: row.balanceDue,
    public_url: invoicePublicUrl(publicUrl, row.id),
    sent_at: iso(row.sentAt),
    viewed_at: iso(row.viewedAt),
    paid_at: iso(row.paidAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toInvoiceItem(item: InvoiceItemRow): InvoiceItem {
  const isProduct = item.itemType === ITEM_TYPE.PRODUCT;
  return {
    item_type: item.itemType,
    product_id: item.productId,
    product_name: isProduct ? item.itemName : null,
    item_name: isProduct ? null : item.itemName,
    quantity: item.quantity,
    price: item.price,
    total_price: item.totalPrice,
  };
}

export function invoiceTotalsView(row: InvoiceRow) {
  return {
    currency: row.currency,
    sub_total_amount: row.subTotalAmount,
    discount_type: row.discountType,
    discount_amount: row.discountAmount,
    discount_percentage: bpsToPercentage(row.discountBps),
    shipping_type: row.shippingType,
    shipping_amount: row.shippingAmount,
    shipping_percentage: bpsToPercentage(row.shippingBps),
    tax_type: row.taxType,
    tax_amount: row.taxAmount,
    tax_percentage: bpsToPercentage(row.taxBps),
    total_amount: row.totalAmount,
  };
}

export function toInvoice(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  payments: InvoicePaymentRow[],
  publicUrl: string,
  today: string,
): Invoice {
  return {
    ...toInvoiceSummary(row, publicUrl, today),
    ...invoiceTotalsView(row),
    description: row.description,
    comment: row.comment,
    payment_options: row.paymentOptions,
    customer_id: row.customerId,
    deposit_amount: row.depositAmount,
    allow_partial: row.allowPartial,
    payments: payments.map(toInvoicePayment),
    voided_at: iso(row.voidedAt),
    invoice_items: items.map(toInvoiceItem),
  };
}
