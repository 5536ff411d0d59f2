// A saved card as the sandbox would have kept it, straight in the database: for tests that need one
// to exist (the route matrix's other tenant), not to test how a card gets saved.
import type { Db } from '../../src/db/client.ts';
import { sandboxVaultCards, savedCards } from '../../src/db/schema.ts';

export async function createSavedCard(
  db: Db,
  merchantId: string,
  customerId: string,
  card: { last4?: string; fingerprint?: string } = {},
) {
  const token = `sbx_pm_${crypto.randomUUID().replaceAll('-', '')}`;
  await db.insert(sandboxVaultCards).values({
    token,
    customerRef: customerId,
    behaviour: 'success',
    brand: 'visa',
    last4: card.last4 ?? '4242',
    expMonth: 12,
    expYear: 2030,
    fingerprint: card.fingerprint ?? 'matrix',
    confirmedAt: new Date(),
  });
  const [row] = await db
    .insert(savedCards)
    .values({
      merchantId,
      customerId,
      mode: 'test',
      provider: 'sandbox',
      token,
      brand: 'visa',
      last4: card.last4 ?? '4242',
      expMonth: 12,
      expYear: 2030,
      fingerprint: card.fingerprint ?? 'matrix',
      consentAt: new Date(),
      consentPage: 'http://kassa.test/checkout/matrix',
      consentText: 'Save this card for future payments',
    })
    .returning();
  return row!;
}
