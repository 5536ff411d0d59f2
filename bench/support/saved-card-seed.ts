// What a saved-card charge needs, seeded in a bench API: a merchant with its owner and a product (for
// the checkout payment beside it), an API key of the owner with customers:write and payments:write,
// a customer made through the API with it, and a saved sandbox card that always approves (as the route
// matrix keeps one). Used by the saved-card bench and by the API CPU A/B's saved-card mode.
import { randomBytes } from 'node:crypto';
import { ROLE } from '@kassa/contract/access';
import type { BenchApi } from './server.ts';

/** Who a saved-card charge charges, and with what key: enough to make the request. */
export interface SavedCardTarget {
  secret: string;
  customerId: string;
  cardId: string;
}

export async function seedSavedCard(api: BenchApi, merchantName: string) {
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
  const customer = await fetch(`${api.url}/apiv1/customer/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ name: 'Ada Buyer', email: 'ada@example.com', reference: 'bench-buyer', mode: 'test' }),
  });
  const customerId = ((await customer.json()) as { result: { id: string } }).result.id;
  const card = await createSavedCard(api.ctx.db, merchant.id, customerId);
  const target: SavedCardTarget = { secret, customerId, cardId: card.id };
  return { merchant, owner, product, apiKeyId: key!.id, target };
}

/** The request of one saved-card charge (a fresh Idempotency-Key each), as path, body and headers. */
export const savedCardCharge = (target: SavedCardTarget) => ({
  path: `/apiv1/customer/${target.customerId}/charge/`,
  body: JSON.stringify({ payment_method_id: target.cardId, amount: 1_200, currency: 'USD' }),
  headers: () => ({ authorization: `Bearer ${target.secret}`, 'idempotency-key': `bench-${crypto.randomUUID()}` }),
});
