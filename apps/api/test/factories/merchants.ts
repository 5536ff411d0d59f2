// Test factory: a merchant ready to use — both hubs active (status 3), not blocked. Pass overrides
// for anything a test is about: `createMerchant(db, { paymentHubStatus: 1 })`,
// `createMerchant(db, { masterMerchantId: master.id })`, `createMerchant(db, { isBlocked: true })`.
import type { Db } from '../../src/db/client.ts';
import { merchants } from '../../src/db/schema.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantOverrides = Partial<typeof merchants.$inferInsert>;

let seq = 0;

export async function createMerchant(db: Db, overrides: MerchantOverrides = {}): Promise<MerchantRow> {
  seq += 1;
  const [row] = await db
    .insert(merchants)
    .values({
      name: `Test Merchant ${seq}`,
      email: `merchant-${seq}-${crypto.randomUUID().slice(0, 8)}@example.test`,
      country: 'US',
      defaultCurrency: 'USD',
      paymentHubStatus: 3,
      financeHubStatus: 3,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('createMerchant: insert returned nothing');
  return row;
}
