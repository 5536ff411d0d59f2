// A test customer with a card in the sandbox's vault, straight in the database, and the card's kept
// behaviour (a 0341 card saves fine and declines every later charge), for the subscription tests; and
// due subscriptions by the thousand, for the renewal race test and the renewal bench.
import { periodBoundary } from '@kassa/contract/billing-calendar';
import type { Db } from '../../src/db/client.ts';
import { customers, prices, sandboxVaultCards, savedCards, subscriptions } from '../../src/db/schema.ts';

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

const DAY = 86_400_000;

/** A monthly price of the product, in test mode, for subscriptions seeded straight in the database. */
export async function createMonthlyPrice(db: Db, merchantId: string, productId: string, amount = 1_000) {
  const [price] = await db
    .insert(prices)
    .values({ merchantId, productId, mode: 'test', amount, currency: 'USD', interval: 'month' })
    .returning();
  return price!;
}

/** A card kept at a processor for a customer: what its saved-card row names. */
export interface KeptCard {
  provider: string;
  /** The merchant's connection to the processor; none for the built-in sandbox. */
  connectionId?: string;
  token: string;
  processorCustomerId?: string;
}

/** Keeps a good card for each of these customers at a processor; the cards in the same order. */
export type KeepCards = (db: Db, customerIds: string[], now: Date) => Promise<KeptCard[]>;

/** In the sandbox's vault, straight in the database. */
export const keepInSandboxVault: KeepCards = async (db, customerIds, now) => {
  const tokens = customerIds.map(() => `sbx_pm_${crypto.randomUUID().replaceAll('-', '')}`);
  await db.insert(sandboxVaultCards).values(
    customerIds.map((customerRef, i) => ({
      token: tokens[i]!,
      customerRef,
      behaviour: 'success',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      fingerprint: `fp-${tokens[i]}`,
      confirmedAt: now,
    })),
  );
  return tokens.map((token) => ({ provider: 'sandbox', token }));
};

/**
 * `count` active subscriptions to `priceId` whose first month ended before `now`, each with its own
 * customer and a good card (in the sandbox's vault unless `keepCards` says where), inserted 250 at a
 * time: thousands take seconds, for the renewal race test and the renewal bench. Anchored 40 days
 * before `now`: the first month has ended and the second has not, so exactly one period is due.
 */
export async function createDueSubscriptions(
  db: Db,
  {
    merchantId,
    priceId,
    count,
    now,
    keepCards = keepInSandboxVault,
  }: { merchantId: string; priceId: string; count: number; now: Date; keepCards?: KeepCards },
) {
  const start = new Date(now.getTime() - 40 * DAY);
  const end = periodBoundary(start, { interval: 'month', intervalCount: 1 }, 1);
  const ids: string[] = [];
  for (let offset = 0; offset < count; offset += 250) {
    const size = Math.min(250, count - offset);
    const people = await db
      .insert(customers)
      .values(
        Array.from({ length: size }, (_, i) => ({
          merchantId,
          mode: 'test' as const,
          name: `Member ${offset + i}`,
          email: `m${offset + i}@example.com`,
        })),
      )
      .returning({ id: customers.id });
    const kept = await keepCards(
      db,
      people.map((p) => p.id),
      now,
    );
    const cards = await db
      .insert(savedCards)
      .values(
        people.map((p, i) => ({
          ...kept[i]!,
          merchantId,
          customerId: p.id,
          mode: 'test' as const,
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2040,
          fingerprint: `fp-${kept[i]!.token}`,
          consentAt: now,
          consentPage: 'http://kassa.test/checkout/bench',
          consentText: 'Save this card for future payments',
        })),
      )
      .returning({ id: savedCards.id });
    const subs = await db
      .insert(subscriptions)
      .values(
        people.map((p, i) => ({
          merchantId,
          mode: 'test' as const,
          customerId: p.id,
          priceId,
          paymentMethodId: cards[i]!.id,
          status: 'active' as const,
          billingCycleAnchor: start,
          currentPeriodStart: start,
          currentPeriodEnd: end,
        })),
      )
      .returning({ id: subscriptions.id });
    ids.push(...subs.map((s) => s.id));
  }
  return ids;
}
