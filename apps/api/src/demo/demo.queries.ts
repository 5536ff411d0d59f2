// Every write of the demo loader. Each function finds a row by its natural key before inserting, or
// inserts with ON CONFLICT DO NOTHING on a deterministic id, so a second run adds nothing (docs/ARCHITECTURE.md).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import {
  adminPermissions,
  industryTypes,
  invoiceItems,
  invoices,
  merchants,
  products,
  quickPayments,
  userAppAccess,
  users,
} from '../db/schema.ts';

type NewMerchant = typeof merchants.$inferInsert;
type NewUser = typeof users.$inferInsert;
type NewProduct = typeof products.$inferInsert;
type NewQuickPayment = typeof quickPayments.$inferInsert;

export async function ensureIndustryTypes(db: DbOrTx, types: readonly { name: string; description: string }[]) {
  await db
    .insert(industryTypes)
    .values([...types])
    .onConflictDoNothing();
  const rows = await db.select({ id: industryTypes.id, name: industryTypes.name }).from(industryTypes);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export async function findOrCreateMerchant(db: DbOrTx, values: NewMerchant): Promise<string> {
  const [found] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(sql`lower(${merchants.name}) = lower(${values.name}) and lower(${merchants.email}) = lower(${values.email})`)
    .limit(1);
  if (found) return found.id;
  const [row] = await db.insert(merchants).values(values).returning({ id: merchants.id });
  return row!.id;
}

/** The user with this e-mail, created when missing; an existing user (and its password) is left alone. */
export async function findOrCreateUser(
  db: DbOrTx,
  values: Omit<NewUser, 'passwordHash'>,
  passwordHash: () => Promise<string>,
): Promise<{ id: string; role: number; created: boolean }> {
  const [found] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${values.email})`)
    .limit(1);
  if (found) return { ...found, created: false };
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase(), passwordHash: await passwordHash() })
    .returning({ id: users.id, role: users.role });
  return { ...row!, created: true };
}

export async function ensureAdminPermissions(db: DbOrTx, values: typeof adminPermissions.$inferInsert) {
  await db.insert(adminPermissions).values(values).onConflictDoNothing();
}

export async function ensureAppAccess(
  db: DbOrTx,
  userId: string,
  access: readonly { app: number; access: number[] }[],
) {
  if (access.length === 0) return;
  await db
    .insert(userAppAccess)
    .values(access.map((a) => ({ userId, app: a.app, access: a.access })))
    .onConflictDoNothing();
}

export async function findOrCreateProduct(db: DbOrTx, values: NewProduct & { pricePerUnit: number }) {
  const [found] = await db
    .select({ id: products.id, name: products.name, price: products.pricePerUnit })
    .from(products)
    .where(and(eq(products.merchantId, values.merchantId), eq(products.name, values.name)))
    .limit(1);
  if (found) return found;
  const [row] = await db
    .insert(products)
    .values(values)
    .returning({ id: products.id, name: products.name, price: products.pricePerUnit });
  return row!;
}

export async function findOrCreateQuickPayment(db: DbOrTx, values: NewQuickPayment & { amount: number }) {
  const [found] = await db
    .select({ id: quickPayments.id, name: quickPayments.name, amount: quickPayments.amount })
    .from(quickPayments)
    .where(and(eq(quickPayments.merchantId, values.merchantId), eq(quickPayments.name, values.name)))
    .limit(1);
  if (found) return found;
  const [row] = await db
    .insert(quickPayments)
    .values(values)
    .returning({ id: quickPayments.id, name: quickPayments.name, amount: quickPayments.amount });
  return row!;
}

/** Inserts the invoices whose number the merchant does not use yet, with their items. */
export async function insertMissingInvoices(
  db: DbOrTx,
  list: readonly { invoice: typeof invoices.$inferInsert; items: (typeof invoiceItems.$inferInsert)[] }[],
): Promise<number> {
  const first = list[0];
  if (!first) return 0;
  const existing = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.merchantId, first.invoice.merchantId));
  const taken = new Set(existing.map((r) => r.invoiceNumber));
  const missing = list.filter((l) => !taken.has(l.invoice.invoiceNumber));
  if (missing.length === 0) return 0;
  await db.insert(invoices).values(missing.map((m) => m.invoice));
  await db.insert(invoiceItems).values(missing.flatMap((m) => m.items));
  return missing.length;
}

/** The merchant's paid invoices that record their payment: the demo adds one transaction for each. */
export function paidInvoices(db: DbOrTx, merchantId: string, numbers: string[]) {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      totalAmount: invoices.totalAmount,
      paidAt: invoices.paidAt,
      paidTransactionId: invoices.paidTransactionId,
      firstName: invoices.customerFirstName,
      lastName: invoices.customerLastName,
      email: invoices.customerEmail,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.merchantId, merchantId),
        inArray(invoices.invoiceNumber, numbers),
        isNotNull(invoices.paidAt),
        isNotNull(invoices.paidTransactionId),
      ),
    );
}

/** Multi-row inserts of at most `batch` rows; rows whose primary key exists are skipped. */
export async function insertIgnoringExisting<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  batch = 500,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    const result = await db.insert(table).values(chunk).onConflictDoNothing().returning();
    inserted += result.length;
  }
  return inserted;
}
