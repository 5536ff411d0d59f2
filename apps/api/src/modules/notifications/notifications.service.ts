import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  buyerAuthenticationWrite,
  findTransactionForNotification,
  insertInvoiceMail,
  paymentNotificationsWrite,
  queuePaymentNotifications,
  queueRefundReceipt,
} from './notifications.queries.ts';

// Payments queue their buyer and merchant e-mails in their own transaction, through these.

/** Queues the receipt and the merchant's e-mails of a captured payment; a second call sends nothing more. */
export const announceCapturedPayment: typeof queuePaymentNotifications = (db, tx) => queuePaymentNotifications(db, tx);

/** The same e-mails as a write to go out alongside the payment's settlement. */
export const capturedPaymentAnnouncement: typeof paymentNotificationsWrite = (tx) => paymentNotificationsWrite(tx);

/** The customer's e-mail with a link to pay on-session, as a write to go out with the soft decline. */
export const buyerAuthenticationRequest: typeof buyerAuthenticationWrite = (tx) => buyerAuthenticationWrite(tx);

/** Queues the buyer's receipt of a refund that went through; a second call sends nothing more. */
export const announceRefund: typeof queueRefundReceipt = (db, refund) => queueRefundReceipt(db, refund);

/** Checked against the stored transaction: only a captured payment is announced, and only once. */
export async function requestPaymentNotification(ctx: AppContext, transactionId: string): Promise<string> {
  const tx = /^[0-9a-f-]{36}$/i.test(transactionId)
    ? await findTransactionForNotification(ctx.db, transactionId)
    : undefined;
  if (!tx) throw notFound('This transaction does not exist.');
  if (tx.status !== 'capture_succeeded') return 'Nothing to notify for this payment.';
  await announceCapturedPayment(ctx.db, tx);
  return 'Notification sent.';
}

/** Queues an invoice's e-mail in the caller's transaction (a recurring invoice's occurrence). */
export const queueInvoiceMail: typeof insertInvoiceMail = (db, mail) => insertInvoiceMail(db, mail);
