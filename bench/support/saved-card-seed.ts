// What a saved-card charge needs, seeded in a bench API: a merchant with its owner and a product (for
// the checkout payment beside it), an API key of the owner with customers:write and payments:write,
// customers made through the API with it, and a saved sandbox card of each that always approves (as
// the route matrix keeps one). Charges go to the customers in turn, as a merchant's charges go to many
// customers, each reading and locking its own customer's rows (one card charged from every buyer at
// once measured the same: docs/benchmarks.md, "Where a charge's database work goes"). Used by the
// saved-card bench and by the API CPU A/B's saved-card mode.
import { randomBytes } from 'node:crypto';
import { ROLE } from '@kassa/contract/access';
import type { BenchApi } from './server.ts';

/** How many customers a bench merchant charges in turn: far more than there are charges at once. */
export const SAVED_CARD_CUSTOMERS = 500;

/** One customer's saved card, with what its charge's statements carry of it. */
export interface SavedCardOnFile {
  customerId: string;
  cardId: string;
  /** The sandbox vault's token of the card. */
  token: string;
  /** The card's row as a charge reads it (md5 of the row), which the charge's attempt checks. */
  fingerprint: string;
}

/** Whose cards a saved-card charge charges, and with what key: enough to make the requests. */
export interface SavedCardTarget {
  secret: string;
  cards: SavedCardOnFile[];
}

export async function seedSavedCard(api: BenchApi, merchantName: string, customers = SAVED_CARD_CUSTOMERS) {
  const { apiKeys, createMerchant, createProduct, createSavedCard, createUser, hashApiKeySecret } = api.built;
  const merchant = await createMerchant(api.ctx.db, { name: merchantName, phone: '+14155550123' });
  const owner = await createUser(api.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  const product = await createProduct(api.ctx.db, merchant.id);
  const secret = `sk_test_${randomBytes(32).toString('base64url')}`;
  const [key] = await api.ctx.db
    .insert(apiKeys)
    .values({
      merchantId: merchant.id,
      name: 'bench',
      mode: 'test',
      scopes: ['customers:write', 'payments:write'],
      secretHash: hashApiKeySecret(api.ctx.keys, secret),
      prefix: secret.slice(0, 12),
      last4: secret.slice(-4),
      createdBy: owner.id,
      createdAt: new Date(),
    })
    .returning({ id: apiKeys.id });
  const createCustomer = async (n: number) => {
    const res = await fetch(`${api.url}/apiv1/customer/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({
        name: 'Ada Buyer',
        email: 'ada@example.com',
        reference: `bench-buyer-${n}`,
        mode: 'test',
      }),
    });
    const customerId = ((await res.json()) as { result?: { id: string } }).result?.id;
    if (!customerId) throw new Error(`bench customer ${n}: ${res.status}`);
    await createSavedCard(api.ctx.db, merchant.id, customerId);
    return customerId;
  };
  const customerIds: string[] = [];
  for (let n = 0; n < customers; n += 8) {
    const batch = Array.from({ length: Math.min(8, customers - n) }, (_, i) => createCustomer(n + i));
    customerIds.push(...(await Promise.all(batch)));
  }
  const onFile = await api.built.chargeableCardsOfCustomers(api.ctx.db, customerIds);
  const cards = onFile.map(({ card, fingerprint }) => ({
    customerId: card.customerId,
    cardId: card.id,
    token: card.token,
    fingerprint,
  }));
  const target: SavedCardTarget = { secret, cards };
  return { merchant, owner, product, apiKeyId: key!.id, target };
}

/** The request of one saved-card charge of `card` (a fresh Idempotency-Key each), as path, body and headers. */
export const savedCardCharge = (target: SavedCardTarget, card: SavedCardOnFile) => ({
  path: `/apiv1/customer/${card.customerId}/charge/`,
  body: JSON.stringify({ payment_method_id: card.cardId, amount: 1_200, currency: 'USD' }),
  headers: () => ({ authorization: `Bearer ${target.secret}`, 'idempotency-key': `bench-${crypto.randomUUID()}` }),
});

/** Each card's charge in turn, from a random one on: what a merchant's server charging its customers sends. */
export function savedCardCharges(target: SavedCardTarget) {
  const charges = target.cards.map((card) => savedCardCharge(target, card));
  let next = Math.floor(Math.random() * charges.length);
  return () => charges[next++ % charges.length]!;
}

/** The floor's fixtures of each card: what one charge's statements name of the customer and the card. */
export const cardFixtures = (card: SavedCardOnFile) => ({
  customer: card.customerId,
  card: card.cardId,
  cardToken: card.token,
  cardFingerprint: card.fingerprint,
});
