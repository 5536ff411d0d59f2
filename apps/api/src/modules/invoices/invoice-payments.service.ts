// What a payment does to the invoice it pays: the payment modules (charges, transactions) change an
// invoice's paid state only through these, inside the payment's own database transaction.
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordInvoiceWebhook } from './invoice-events.ts';
import { findInvoicePaidBy, markInvoicePaid, reopenInvoicePaidBy } from './invoices.queries.ts';

/** Marks the invoice paid by this payment; false when another payment had paid it already. */
export const payInvoice = (db: DbOrTx, invoiceId: string, transactionId: string, at: Date): Promise<boolean> =>
  markInvoicePaid(db, invoiceId, transactionId, at);

/** A voided authorization paid nothing: the invoice this very payment had paid is open again. */
export const reopenInvoiceAfterVoid = (db: DbOrTx, invoiceId: string, transactionId: string): Promise<void> =>
  reopenInvoicePaidBy(db, invoiceId, transactionId);

/** `invoice.paid`, when this payment is the one that paid the invoice. */
export async function announceInvoicePaidBy(ctx: AppContext, db: DbOrTx, invoiceId: string, transactionId: string) {
  const found = await findInvoicePaidBy(db, invoiceId, transactionId);
  if (found) await recordInvoiceWebhook(ctx, db, found.invoice, 'invoice.paid', found.paidIn);
}
