// Invoice numbers: each merchant's own series, continued from the number it last used.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { latestInvoiceNumber, maxInvoiceSequence, maxSequenceAfterPrefix } from './invoices.queries.ts';

export const formatInvoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

/** "ACME-1009" → prefix "ACME-", 4 digits; undefined when the number does not end in digits. */
export function invoiceSeries(invoiceNumber: string): { prefix: string; width: number } | undefined {
  const match = /^(.*?)([0-9]{1,15})$/.exec(invoiceNumber);
  return match ? { prefix: match[1]!, width: match[2]!.length } : undefined;
}

/**
 * The next number of the series the merchant last used (ACME-1009 → ACME-1010, keeping the digits'
 * width), the highest number of that series counting; INV-000001 onwards for a merchant without one.
 */
export async function nextNumberIn(db: DbOrTx, merchantId: string): Promise<string> {
  const latest = await latestInvoiceNumber(db, merchantId);
  const series = latest === undefined ? undefined : invoiceSeries(latest);
  if (!series) return formatInvoiceNumber((await maxInvoiceSequence(db, merchantId)) + 1);
  const next = (await maxSequenceAfterPrefix(db, merchantId, series.prefix)) + 1;
  return `${series.prefix}${String(next).padStart(series.width, '0')}`;
}

/**
 * Serialises a merchant's invoice numbering until the transaction ends: the next number is read, then
 * used, so two writers making invoices of one merchant at once would otherwise pick the same one.
 */
export async function lockInvoiceNumbering(db: DbOrTx, merchantId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoice-number:${merchantId}`}, 0))`);
}
