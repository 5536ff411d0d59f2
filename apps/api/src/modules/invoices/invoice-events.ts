// The invoice events a status change announces, shaped as the API returns an invoice and written in
// the change's own database transaction.
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.service.ts';
import { toInvoice, utcToday } from './invoice-view.ts';
import { findInvoiceItems, type InvoiceRow } from './invoices.queries.ts';

type InvoiceEvent = 'invoice.sent' | 'invoice.paid' | 'invoice.voided';

export async function recordInvoiceWebhook(ctx: AppContext, db: DbOrTx, row: InvoiceRow, type: InvoiceEvent) {
  const now = ctx.clock.now();
  const data = toInvoice(row, await findInvoiceItems(db, row.id), ctx.config.publicUrl, utcToday(now));
  return recordWebhookEvent(db, row.merchantId, type, data, now);
}

/** For a status change of an invoice: the event to write beside it, in the same transaction. */
export const invoiceWebhook =
  (ctx: AppContext, type: InvoiceEvent) =>
  (db: DbOrTx, row: InvoiceRow): Promise<unknown> =>
    recordInvoiceWebhook(ctx, db, row, type);
