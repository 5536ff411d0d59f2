// A test customer with a card in the sandbox's vault, straight in the database, and the card's kept
// behaviour (a 0341 card saves fine and declines every later charge), for the subscription tests.
import type { Db } from '../../src/db/client.ts';
import { sandboxVaultCards, savedCards } from '../../src/db/schema.ts';

export async function createCardOnFile(
  db: Db,
  merchantId: string,
  customerId: string,
  behaviour: 'success' | 'declines_later' = 'success',
) {
  const token = `sbx_pm_${crypto.randomUUID().replaceAll('-', '')}`;
  const last4 = behaviour === 'success' ? '4242' : '0341';
  await db.insert(sandboxVaultCards).values({
    token,
    customerRef: customerId,
    behaviour,
    brand: 'visa',
    last4,
    expMonth: 12,
    expYear: 2040,
    fingerprint: `fp-${token}`,
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
      last4,
      expMonth: 12,
      expYear: 2040,
      fingerprint: `fp-${token}`,
      consentAt: new Date(),
      consentPage: 'http://kassa.test/checkout/subscriptions',
      consentText: 'Save this card for future payments',
    })
    .returning();
  return row!;
}
