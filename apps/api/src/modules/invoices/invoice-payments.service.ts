// What a payment does to the invoice it pays: the payment modules (charges, transactions) change an
// invoice's paid amount and state only through these, inside the payment's own database transaction.
import type { PaymentModeName } from '@kassa/contract/transactions';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CarriedWrite } from '../../db/fixed-statement.ts';
import { listeningEndpointIdsSql } from '../webhooks/webhooks.service.ts';
import { recordInvoiceWebhook } from './invoice-events.ts';
import {
  addInvoicePayment,
  type InvoicePaymentValues,
  type InvoiceRow,
  invoicePaymentWrite,
  lockInvoiceOfPayment,
  subtractInvoicePayment,
} from './invoices.queries.ts';

/**
 * Locks the invoice a payment paid (if any), for a refund, capture or void that is about to lock the
 * payment's own row: invoice first, as every payment writer takes them.
 */
export const lockInvoiceBeforePayment = (db: DbOrTx, transactionId: string) => lockInvoiceOfPayment(db, transactionId);

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
 * payInvoice as a write carried by the statement that settles the payment (settle-payment.ts
 * settleAttempt), with the same balance guards. That statement must then hold
 * `invoicePaidQuietly(name)` over the name it gave this write: the invoice took the payment, and no
 * endpoint waits for `invoice.paid`/`invoice.partially_paid` (an announcement needs the invoice's
 * lines and payments read, so the locked path, with payInvoice, does it).
 */
export const invoicePaymentToCarry = (values: InvoicePaymentValues): CarriedWrite<InvoicePaymentValues> =>
  invoicePaymentWrite(values, listeningEndpointIdsSql);

/**
 * kassa_expect (migration 0014) over the result of invoicePaymentToCarry, carried under the CTE
 * `name`: otherwise the whole statement fails with nothing written.
 */
export const invoicePaidQuietly = (name: string): SQL => {
  const paid = sql.identifier(name);
  return sql`kassa_expect(exists (select 1 from ${paid}), 'the invoice takes the payment') and kassa_expect(not exists (select 1 from ${paid} where cardinality(listening) > 0), 'no invoice webhook endpoint')`;
};

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
