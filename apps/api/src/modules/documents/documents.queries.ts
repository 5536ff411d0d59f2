// What the documents read: the merchant's letterhead, and a payment with its refunds. Invoices are
// read through the invoices module's own queries.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, refunds, transactions } from '../../db/schema.ts';

export async function findLetterheadRow(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      name: merchants.name,
      email: merchants.email,
      phone: merchants.phone,
      address: merchants.address,
      city: merchants.city,
      state: merchants.state,
      zipCode: merchants.zipCode,
      country: merchants.country,
      logo: merchants.logo,
      taxId: merchants.taxId,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row;
}
export type LetterheadRow = NonNullable<Awaited<ReturnType<typeof findLetterheadRow>>>;

export async function findPaymentForReceipt(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

export async function findSucceededRefunds(db: DbOrTx, transactionId: string) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
