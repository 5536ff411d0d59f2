// An invoice a recurring invoice makes on its send date (modules/recurring-invoices): written sent, in
// the caller's transaction, with its `invoice.created` and `invoice.sent` events and its e-mail queued
// beside it, so the invoice, its announcement and its mail exist together or not at all.
import type { PaymentOption } from '@kassa/contract/invoices';
import type { PaymentModeName } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { RecurringLine } from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import { queueInvoiceMail } from '../notifications/notifications.service.ts';
import { recordInvoiceWebhook } from './invoice-events.ts';
import type { PricedInvoice } from './invoice-lines.ts';
import { mailInvoice } from './invoice-mail.ts';
import { takeInvoiceNumbers } from './invoice-numbers.ts';
import {
  findEnabledConnectionKinds,
  findInvoice,
  type InvoiceRow,
  insertInvoice,
  occurrenceExists,
} from './invoices.queries.ts';

/** Card always; wallet and gift card when the merchant has such a connection enabled. */
export async function enabledPaymentOptions(db: DbOrTx, merchantId: string): Promise<PaymentOption[]> {
  const kinds = await findEnabledConnectionKinds(db, merchantId);
  return [
    'card',
    ...(kinds.includes('digital_wallet') ? (['wallet'] as const) : []),
    ...(kinds.includes('gift_card') ? (['gift_card'] as const) : []),
  ];
}

export interface InvoiceOccurrence {
  merchantId: string;
  mode: PaymentModeName;
  recurringInvoiceId: string;
  /** 1 for the first invoice of the schedule, then 2, 3, … */
  occurrence: number;
  customer: { id: string; firstName: string; lastName: string; email: string };
  currency: string;
  description: string;
  dueDate: string;
  items: RecurringLine[];
  amounts: Required<PricedInvoice['amounts']>;
  /**
   * When its automatic charge falls due (the template charges a saved card): written with the invoice,
   * so a crash after the commit leaves a due charge that the next tick claims, not an invoice forgotten.
   */
  chargeDueAt?: Date | null;
}

/**
 * Makes the occurrence's invoice in `db` (a transaction the caller holds, with the merchant's numbering
 * lock). The unique (recurring invoice, occurrence) index refuses a second one: undefined then.
 */
export async function makeInvoiceOccurrence(
  ctx: AppContext,
  db: DbOrTx,
  o: InvoiceOccurrence,
): Promise<InvoiceRow | undefined> {
  const now = ctx.clock.now();
  const paymentOptions = await enabledPaymentOptions(db, o.merchantId);
  const values = {
    merchantId: o.merchantId,
    customerId: o.customer.id,
    customerFirstName: o.customer.firstName,
    customerLastName: o.customer.lastName,
    customerEmail: o.customer.email,
    dueDate: o.dueDate,
    description: o.description,
    currency: o.currency,
    paymentOptions,
    discountBps: o.amounts.discountBps,
    shippingBps: o.amounts.shippingBps,
    taxBps: o.amounts.taxBps,
    subTotalAmount: o.amounts.subTotalAmount,
    discountAmount: o.amounts.discountAmount,
    shippingAmount: o.amounts.shippingAmount,
    taxAmount: o.amounts.taxAmount,
    totalAmount: o.amounts.totalAmount,
    status: 'sent' as const,
    sentAt: now,
    recurringInvoiceId: o.recurringInvoiceId,
    recurringOccurrence: o.occurrence,
    nextPaymentAttemptAt: o.chargeDueAt ?? null,
  };
  const items = o.items.map((line, position) => ({ ...line, position }));
  let row: InvoiceRow | undefined;
  // The counter row stays locked to commit, but an invoice typed by hand may hold the next number.
  for (let attempt = 0; attempt < 3 && !row; attempt++) {
    const [invoiceNumber] = await takeInvoiceNumbers(db, o.merchantId, 1);
    row = await insertInvoice(db, { ...values, invoiceNumber: invoiceNumber! }, items);
    if (!row && (await occurrenceExists(db, o.recurringInvoiceId, o.occurrence))) return undefined;
  }
  if (!row) throw conflict('Another invoice took the next number three times in a row; the next tick tries again.');
  await recordInvoiceWebhook(ctx, db, row, 'invoice.created', o.mode);
  await recordInvoiceWebhook(ctx, db, row, 'invoice.sent', o.mode);
  await queueInvoiceMail(db, { merchantId: o.merchantId, invoiceId: row.id, recipient: o.customer.email });
  return row;
}

/**
 * Sends an invoice e-mail the outbox queued (notifications.worker.ts) under the Message-ID it gives;
 * false when the invoice is gone.
 */
export async function mailQueuedInvoice(
  ctx: AppContext,
  merchantId: string,
  invoiceId: string,
  messageId: string,
): Promise<boolean> {
  const row = await findInvoice(ctx.db, [merchantId], invoiceId);
  if (!row || row.status === 'void') return false;
  await mailInvoice(ctx, row, messageId);
  return true;
}
