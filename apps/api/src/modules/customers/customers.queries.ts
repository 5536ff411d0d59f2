import { and, desc, eq, gte, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, merchants, savedCards } from '../../db/schema.ts';
import { containsText, type ListRequest } from '../../lib/db/list.ts';
import { pageRequest, readPage } from '../../lib/db/read-page.ts';
import { utcDayEnd, utcDayStart } from '../../lib/utc-days.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerInsert = Omit<typeof customers.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type CustomerUpdate = Partial<Omit<CustomerInsert, 'merchantId' | 'mode'>>;
export type CustomerMode = CustomerRow['mode'];

/** Whose customers a call may touch: one merchant, and only one mode when the caller is an API key. */
export interface CustomerScope {
  merchantId: string;
  mode?: CustomerMode;
}

/** The scope's live customers, as a condition on the customers table. */
export const live = (scope: CustomerScope) =>
  and(
    eq(customers.merchantId, scope.merchantId),
    scope.mode ? eq(customers.mode, scope.mode) : undefined,
    isNull(customers.deletedAt),
  );

export interface CustomerFilter extends ListRequest {
  mode?: CustomerMode;
  email?: string;
  reference?: string;
  saved_card?: 'with' | 'without';
  created_from?: string;
  created_to?: string;
}

/** The customer has a card kept that was not removed (saved_cards_customer_idx finds them). */
const hasSavedCard = sql`exists (select 1 from ${savedCards} where ${savedCards.customerId} = ${customers.id} and ${savedCards.deletedAt} is null)`;

/** What a list and its CSV export filter by: the scope, then the caller's filters and search. */
function filterCondition(scope: CustomerScope, q: Omit<CustomerFilter, 'page' | 'page_size'>) {
  return and(
    live(scope),
    q.mode ? eq(customers.mode, q.mode) : undefined,
    q.email ? eq(customers.email, q.email.toLowerCase()) : undefined,
    q.reference ? eq(customers.reference, q.reference) : undefined,
    q.saved_card === 'with' ? hasSavedCard : q.saved_card === 'without' ? not(hasSavedCard) : undefined,
    q.created_from ? gte(customers.createdAt, utcDayStart(q.created_from)) : undefined,
    q.created_to ? lt(customers.createdAt, utcDayEnd(q.created_to)) : undefined,
    containsText([customers.name, customers.email, customers.reference], q.search),
  );
}

export async function listCustomers(db: DbOrTx, scope: CustomerScope, q: CustomerFilter) {
  return readPage(db, customers, db.select().from(customers).$dynamic(), {
    ...pageRequest(q),
    where: filterCondition(scope, q),
    sortColumns: { created_at: customers.createdAt, name: customers.name, email: customers.email },
    id: customers.id,
  });
}

/** Every customer the filter matches, newest first, read in keyset batches so none sit in memory. */
export async function* iterateCustomers(
  db: DbOrTx,
  scope: CustomerScope,
  q: Omit<CustomerFilter, 'page' | 'page_size'>,
  batch = 1000,
) {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(customers)
      .where(
        and(
          filterCondition(scope, q),
          after
            ? or(
                lt(customers.createdAt, after.createdAt),
                and(eq(customers.createdAt, after.createdAt), lt(customers.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(batch);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export async function findCustomer(db: DbOrTx, scope: CustomerScope, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), live(scope)))
    .limit(1);
  return row;
}

export async function insertCustomer(db: DbOrTx, values: CustomerInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCustomer(
  db: DbOrTx,
  scope: CustomerScope,
  id: string,
  values: CustomerUpdate,
  now: Date,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: now })
    .where(and(eq(customers.id, id), live(scope)))
    .returning();
  return row;
}

/** Soft delete: payments and invoices linked to the customer later keep their link. */
export async function softDeleteCustomer(
  db: DbOrTx,
  scope: CustomerScope,
  id: string,
  now: Date,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(customers.id, id), live(scope)))
    .returning();
  return row;
}

/** The country a national phone number is read in when the customer has no billing country. */
export async function findMerchantCountry(db: DbOrTx, merchantId: string): Promise<string | null> {
  const [row] = await db
    .select({ country: merchants.country })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row?.country ?? null;
}

/** The live customer a merchant's reference (the widget's buyer id) names in one mode. */
export async function findCustomerByReference(db: DbOrTx, merchantId: string, mode: CustomerMode, reference: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(live({ merchantId, mode }), eq(customers.reference, reference)))
    .limit(1);
  return row;
}

/**
 * Makes payments of one buyer e-mail find or make their customer one at a time, until the transaction
 * ends: no unique index can hold e-mails, as a merchant may keep two customers with one.
 */
export async function lockBuyerEmail(db: DbOrTx, merchantId: string, mode: CustomerMode, email: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${merchantId}:${mode}:${email.toLowerCase()}`}, 0))`,
  );
}

/** Up to two live customers with this e-mail in the mode: enough to tell one from several. */
export const findTwoCustomersByEmail = (db: DbOrTx, merchantId: string, mode: CustomerMode, email: string) =>
  db
    .select()
    .from(customers)
    .where(and(live({ merchantId, mode }), eq(customers.email, email.toLowerCase())))
    .limit(2);

/** The one live customer with this e-mail in the mode; none when two share it (nothing ambiguous is merged). */
export async function findOnlyCustomerByEmail(db: DbOrTx, merchantId: string, mode: CustomerMode, email: string) {
  const rows = await findTwoCustomersByEmail(db, merchantId, mode, email);
  return rows.length === 1 ? rows[0] : undefined;
}

/** A customer made from a checkout's buyer; with a reference another request may have made it first. */
export async function insertBuyerCustomer(db: DbOrTx, values: CustomerInsert): Promise<CustomerRow | undefined> {
  const [row] = await db
    .insert(customers)
    .values(values)
    .onConflictDoNothing({
      target: [customers.merchantId, customers.mode, customers.reference],
      where: sql`${customers.reference} is not null and ${customers.deletedAt} is null`,
    })
    .returning();
  return row;
}

export async function findMatchByEmailRule(db: DbOrTx, merchantId: string): Promise<boolean> {
  const [row] = await db
    .select({ rule: merchants.matchCustomersByEmail })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.rule ?? false;
}

/** Customers by id, in one statement (a batch of renewals); missing ids are left out. */
/** Customers by id, deleted or not, each with its merchant's country, in one read (a batch of charges). */
export async function findCustomerRowsWithMerchantCountry(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ customer: customers, merchantCountry: merchants.country })
    .from(customers)
    .innerJoin(merchants, eq(merchants.id, customers.merchantId))
    .where(inArray(customers.id, ids));
}

/**
 * A customer by id, deleted or not, with its merchant's country, in one read: what an invoice's charge of
 * the customer's saved card needs before it opens its checkout.
 */
export async function findCustomerWithMerchantCountry(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ customer: customers, merchantCountry: merchants.country })
    .from(customers)
    .innerJoin(merchants, eq(merchants.id, customers.merchantId))
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

export async function findCustomerRowById(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** The merchant's live customer with this e-mail address, newest first (live mode before test mode). */
export async function findCustomerRowByEmail(db: DbOrTx, merchantId: string, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        isNull(customers.deletedAt),
        sql`lower(${customers.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(sql`${customers.mode} = 'live' desc`, desc(customers.createdAt))
    .limit(1);
  return row;
}
