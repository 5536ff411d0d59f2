// Things a buyer can pay for: products, quick payments (payment links) and invoices, inserted directly.
import type { Db } from '../../src/db/client.ts';
import { invoiceItems, invoices, products, quickPayments } from '../../src/db/schema.ts';

export async function createProduct(db: Db, merchantId: string, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      merchantId,
      name: 'Trail Jacket',
      description: 'Waterproof, breathable, packs into its own pocket.',
      pricePerUnit: 12_900,
      currency: 'USD',
      messageType: 1,
      message: 'Thank you for your order!',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createQuickPayment(
  db: Db,
  merchantId: string,
  overrides: Partial<typeof quickPayments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(quickPayments)
    .values({
      merchantId,
      name: 'Deposit',
      description: 'Booking deposit',
      amount: 5_000,
      currency: 'USD',
      ...overrides,
    })
    .returning();
  return row!;
}

/** An invoice with one line; totals as given (the invoices module computes them in real use). */
export async function createInvoice(db: Db, merchantId: string, overrides: Partial<typeof invoices.$inferInsert> = {}) {
  const total = overrides.totalAmount ?? 25_000;
  const [row] = await db
    .insert(invoices)
    .values({
      merchantId,
      invoiceNumber: `INV-${Math.floor(Math.random() * 1e9)}`,
      customerFirstName: 'dana',
      customerLastName: 'Reyes',
      customerEmail: 'dana@example.com',
      dueDate: '2030-01-31',
      currency: 'USD',
      status: 'sent',
      subTotalAmount: total,
      totalAmount: total,
      ...overrides,
    })
    .returning();
  await db.insert(invoiceItems).values({
    invoiceId: row!.id,
    position: 1,
    itemType: 2,
    itemName: 'Consulting',
    quantity: 1,
    price: total,
    totalPrice: total,
  });
  return row!;
}
