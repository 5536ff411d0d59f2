// Invoice numbers: each merchant's own series, continued from the number it last used. The series and
// its next number live in one counter row per merchant (invoice_number_counters): a number, or a block
// of them, is one `UPDATE … RETURNING` on that row, taken late in the transaction so its row lock is held
// briefly, and rolled back with it, so a transaction that fails leaves no gap
// (docs/decisions/0024-renewals-exactly-once.md).
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRecords } from '../../db/json-rows.ts';
import { invoiceNumberCounters, invoices } from '../../db/schema.ts';
import { type InvoiceRow, latestInvoiceNumber, maxSequenceAfterPrefix } from './invoices.queries.ts';

interface Series {
  prefix: string;
  width: number;
}
const DEFAULT_SERIES: Series = { prefix: 'INV-', width: 6 };

const formatIn = (series: Series, sequence: number) =>
  `${series.prefix}${String(sequence).padStart(series.width, '0')}`;

export const formatInvoiceNumber = (sequence: number) => formatIn(DEFAULT_SERIES, sequence);

/** "ACME-1009" → prefix "ACME-", 4 digits; undefined when the number does not end in digits. */
export function invoiceSeries(invoiceNumber: string): Series | undefined {
  const match = /^(.*?)([0-9]{1,15})$/.exec(invoiceNumber);
  return match ? { prefix: match[1]!, width: match[2]!.length } : undefined;
}

/**
 * What the invoices themselves say (the rule the counter keeps): the series of the merchant's latest
 * invoice, continued from the highest number of that series; INV-000001 onwards without one.
 */
async function seriesFromInvoices(db: DbOrTx, merchantId: string) {
  const latest = await latestInvoiceNumber(db, merchantId);
  const series = (latest === undefined ? undefined : invoiceSeries(latest)) ?? DEFAULT_SERIES;
  return { ...series, nextNumber: (await maxSequenceAfterPrefix(db, merchantId, series.prefix)) + 1 };
}

/** The merchant's counter, made from its invoices the first time it numbers one (a new merchant). */
async function seedCounter(db: DbOrTx, merchantId: string) {
  await db
    .insert(invoiceNumberCounters)
    .values({ merchantId, ...(await seriesFromInvoices(db, merchantId)) })
    .onConflictDoNothing();
}

const advanceCounter = (db: DbOrTx, merchantId: string, count: number) =>
  db
    .update(invoiceNumberCounters)
    .set({ nextNumber: sql`${invoiceNumberCounters.nextNumber} + ${count}` })
    .where(eq(invoiceNumberCounters.merchantId, merchantId))
    .returning();

/**
 * Takes the merchant's next `count` numbers, consecutive, in the caller's transaction: the counter row
 * stays locked until it ends, so call it as late as the transaction allows.
 */
export async function takeInvoiceNumbers(db: DbOrTx, merchantId: string, count: number): Promise<string[]> {
  let [row] = await advanceCounter(db, merchantId, count);
  if (!row) {
    await seedCounter(db, merchantId);
    [row] = await advanceCounter(db, merchantId, count);
  }
  const first = row!.nextNumber - count;
  return Array.from({ length: count }, (_, i) => formatIn(row!, first + i));
}

/** The number the merchant's next invoice would get, without taking it (the form's suggestion). */
export async function peekInvoiceNumber(db: DbOrTx, merchantId: string): Promise<string> {
  const [row] = await db.select().from(invoiceNumberCounters).where(eq(invoiceNumberCounters.merchantId, merchantId));
  const counter = row ?? (await seriesFromInvoices(db, merchantId));
  return formatIn(counter, counter.nextNumber);
}

/**
 * A number the merchant typed becomes the series' latest: the counter moves to its series and past it
 * (ACME-1009 → ACME-1010 next); one without digits at the end goes back to the default series. Run in
 * the transaction that saves the invoice, before it, so that a number taken meanwhile waits for it.
 */
export async function noteTypedInvoiceNumber(db: DbOrTx, merchantId: string, invoiceNumber: string) {
  const typed = invoiceSeries(invoiceNumber);
  const series = typed ?? DEFAULT_SERIES;
  const typedNext = typed ? Number(invoiceNumber.slice(typed.prefix.length)) + 1 : 0;
  const inSeries = (await maxSequenceAfterPrefix(db, merchantId, series.prefix)) + 1;
  const next = Math.max(typedNext, inSeries);
  const c = invoiceNumberCounters;
  await db
    .insert(c)
    .values({ merchantId, prefix: series.prefix, width: series.width, nextNumber: next })
    .onConflictDoUpdate({
      target: c.merchantId,
      set: {
        prefix: sql`excluded.prefix`,
        width: sql`excluded.width`,
        nextNumber: sql`case when ${c.prefix} = excluded.prefix then greatest(${c.nextNumber}, excluded.next_number) else excluded.next_number end`,
      },
    });
}

/** A number no merchant types (they never start with "~"), unique per invoice, until numbered. */
export const provisionalInvoiceNumber = () => `~${crypto.randomUUID()}`;

/**
 * Gives invoices made with provisional numbers the merchant's next numbers, in the order given: one
 * counter update for them all and one update of the invoices, the last writes of a batch.
 */
export async function numberInvoices(db: DbOrTx, merchantId: string, ids: string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  const numbers = await takeInvoiceNumbers(db, merchantId, ids.length);
  const given = jsonRecords(
    'given',
    'id uuid, number text',
    ids.map((id, i) => ({ id, number: numbers[i] })),
  );
  const rows = await db
    .update(invoices)
    .set({ invoiceNumber: sql`given.number` })
    .from(given)
    .where(sql`${invoices.id} = given.id`)
    .returning(getTableColumns(invoices));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}
