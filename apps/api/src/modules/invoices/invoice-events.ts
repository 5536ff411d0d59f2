// The invoice events a status change announces, shaped as the API returns an invoice and written in
// the change's own database transaction.
import type { PaymentModeName } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cardPaymentMode } from '../connections/connections.service.ts';
import { type BatchEvent, endpointsListeningTo, recordWebhookEvent } from '../webhooks/webhooks.service.ts';
import { toInvoice, utcToday } from './invoice-view.ts';
import {
  findInvoiceItems,
  findInvoicePayments,
  findItemsOfInvoices,
  findPaymentsOfInvoices,
  type InvoiceRow,
} from './invoices.queries.ts';

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

/**
 * The events of many invoices (a batch of renewals), each to the endpoints its caller looked up for its
 * mode, built from two reads (every invoice's lines, then payments) for the caller to write together
 * (recordWebhookEvents). Invoices nobody listens to are left out and read nothing.
 */
export async function invoiceWebhookEvents(
  ctx: AppContext,
  db: DbOrTx,
  type: InvoiceEvent,
  of: { row: InvoiceRow; mode: PaymentModeName; endpointIds: string[] }[],
): Promise<BatchEvent[]> {
  const heard = of.filter((e) => e.endpointIds.length > 0);
  if (heard.length === 0) return [];
  const ids = heard.map((e) => e.row.id);
  const [items, payments] = await Promise.all([findItemsOfInvoices(db, ids), findPaymentsOfInvoices(db, ids)]);
  const now = ctx.clock.now();
  return heard.map(({ row, mode, endpointIds }) => ({
    owner: { merchantId: row.merchantId, mode },
    type,
    data: toInvoice(
      row,
      items.filter((i) => i.invoiceId === row.id),
      payments.filter((p) => p.invoiceId === row.id).map(({ invoiceId: _, ...payment }) => payment),
      ctx.config.publicUrl,
      utcToday(now),
    ),
    at: now,
    endpointIds,
  }));
}

/** For a status change of an invoice: the event to write beside it, in the same transaction. */
export const invoiceWebhook =
  (ctx: AppContext, type: InvoiceEvent) =>
  (db: DbOrTx, row: InvoiceRow): Promise<unknown> =>
    recordInvoiceWebhook(ctx, db, row, type);
