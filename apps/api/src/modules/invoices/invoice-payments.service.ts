// What a payment does to the invoice it pays: the payment modules (charges, transactions) change an
// invoice's paid amount and state only through these, inside the payment's own database transaction.
import type { PaymentModeName } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { listeningEndpointIdsSql } from '../webhooks/webhooks.service.ts';
import { recordInvoiceWebhook } from './invoice-events.ts';
import {
  addInvoicePayment,
  type InvoiceRow,
  lockInvoiceOfPayment,
  subtractInvoicePayment,
} from './invoices.queries.ts';

export { lockInvoiceOfPayment };

/**
 * Adds this payment's amount to the invoice (partially_paid, or paid when the balance reaches zero);
 * undefined when it did not fit the balance or the invoice was closed meanwhile.
 */
export async function payInvoice(
  db: DbOrTx,
  invoiceId: string,
  transactionId: string,
  amount: number,
  at: Date,
): Promise<InvoiceRow | undefined> {
  const paid = await addInvoicePayment(db, invoiceId, transactionId, amount, at, listeningEndpointIdsSql);
  if (paid?.listeners) listenersOfPayment.set(paid.invoice, paid.listeners);
  return paid?.invoice;
}

/**
 * The endpoints listening to the event a payment made of an invoice (and in which mode), read by the
 * statement that paid it: announcing it in the same transaction then reads nothing more.
 */
const listenersOfPayment = new WeakMap<InvoiceRow, { mode: string; endpointIds: string[] }>();

/** A voided authorization or a refund gave `amount` back: the invoice's balance grows by it. */
export const giveBackInvoicePayment = (db: DbOrTx, invoiceId: string, amount: number) =>
  subtractInvoicePayment(db, invoiceId, amount);

/** `invoice.paid` when this payment settled the balance, else `invoice.partially_paid`, in the payment's mode. */
export async function announceInvoicePayment(
  ctx: AppContext,
  db: DbOrTx,
  invoice: InvoiceRow,
  payment: { mode: PaymentModeName },
) {
  const type = invoice.status === 'paid' ? 'invoice.paid' : 'invoice.partially_paid';
  const known = listenersOfPayment.get(invoice);
  await recordInvoiceWebhook(
    ctx,
    db,
    invoice,
    type,
    payment.mode,
    known?.mode === payment.mode ? known.endpointIds : undefined,
  );
}
