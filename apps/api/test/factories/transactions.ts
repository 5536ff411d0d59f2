// Transactions as the payment engine would have left them, for list/detail/refund tests.
import type { Db } from '../../src/db/client.ts';
import { transactionEvents, transactions } from '../../src/db/schema.ts';

export async function createTransaction(
  db: Db,
  merchantId: string,
  overrides: Partial<typeof transactions.$inferInsert> = {},
) {
  const amount = overrides.amount ?? 1_000;
  const status = overrides.status ?? 'capture_succeeded';
  const captured = ['capture_succeeded', 'partially_refunded', 'refunded'].includes(status) ? amount : 0;
  const [row] = await db
    .insert(transactions)
    .values({
      merchantId,
      source: 'product',
      amount,
      currency: 'USD',
      capturedAmount: captured,
      method: 'card',
      status,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2030,
      buyerFirstName: 'Ada',
      buyerLastName: 'Lovelace',
      buyerEmail: 'ada@example.com',
      ...overrides,
    })
    .returning();
  await db.insert(transactionEvents).values({ transactionId: row!.id, type: 'created', status: row!.status, amount });
  return row!;
}
