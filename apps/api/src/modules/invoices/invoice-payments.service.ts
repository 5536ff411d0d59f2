// What a payment does to the invoice it pays: the payment modules (charges, transactions) change an
// invoice's paid state only through these, inside the payment's own database transaction.
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordInvoiceWebhook } from './invoice-events.ts';
import { findInvoicePaidBy } from './invoices.queries.ts';

export { markInvoicePaid, reopenInvoicePaidBy } from './invoices.queries.ts';

/** `invoice.paid`, when this payment is the one that paid the invoice. */
export async function announceInvoicePaidBy(ctx: AppContext, db: DbOrTx, invoiceId: string, transactionId: string) {
  const found = await findInvoicePaidBy(db, invoiceId, transactionId);
  if (found) await recordInvoiceWebhook(ctx, db, found.invoice, 'invoice.paid', found.paidIn);
}
