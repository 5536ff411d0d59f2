// The invoice events a status change announces, shaped as the API returns an invoice and written in
// the change's own database transaction.
import type { PaymentModeName } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cardPaymentMode } from '../connections/connections.service.ts';
import { endpointsListeningTo, recordWebhookEvent } from '../webhooks/webhooks.service.ts';
import { toInvoice, utcToday } from './invoice-view.ts';
import { findInvoiceItems, findInvoicePayments, type InvoiceRow } from './invoices.queries.ts';

export type InvoiceEvent =
  | 'invoice.created'
  | 'invoice.sent'
  | 'invoice.partially_paid'
  | 'invoice.paid'
  | 'invoice.voided'
  | 'invoice.payment_failed';

/**
 * An invoice has no mode of its own; its events go to the endpoints of the money it is paid in: the
 * paying payment's mode for `invoice.paid` (`paidIn`), otherwise the mode the merchant takes card
 * payments in now, which its checkout would take it in.
 */
export async function recordInvoiceWebhook(
  ctx: AppContext,
  db: DbOrTx,
  row: InvoiceRow,
  type: InvoiceEvent,
  paidIn?: PaymentModeName,
  /** The endpoints listening to `type` in `paidIn`'s mode, when the caller looked them up already. */
  knownEndpointIds?: string[],
) {
  const now = ctx.clock.now();
  const mode = paidIn ?? (await cardPaymentMode(db, ctx.keys, row.merchantId));
  const owner = { merchantId: row.merchantId, mode };
  // Nobody listening (the usual case): the invoice's lines and payments need not be read.
  const endpointIds = knownEndpointIds ?? (await endpointsListeningTo(db, owner, type));
  if (endpointIds.length === 0) return null;
  const [items, payments] = await Promise.all([findInvoiceItems(db, row.id), findInvoicePayments(db, row.id)]);
  const data = toInvoice(row, items, payments, ctx.config.publicUrl, utcToday(now));
  return recordWebhookEvent(db, owner, type, data, now, endpointIds);
}

/** For a status change of an invoice: the event to write beside it, in the same transaction. */
export const invoiceWebhook =
  (ctx: AppContext, type: InvoiceEvent) =>
  (db: DbOrTx, row: InvoiceRow): Promise<unknown> =>
    recordInvoiceWebhook(ctx, db, row, type);
