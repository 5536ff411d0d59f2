// The seller a payment test buys from: a merchant with its owner (payment receipts and notifications
// are addressed to the owner), for most tests one product at a known price, and for the processor
// tests a payment service connected through the API, as the owner connects it.
//   const { merchantId, productId } = await createShop(t, { name: 'Acme Outfitters', pricePerUnit: 2_500 });
//   ({ t, merchantId, productId } = await startShop({ name: 'Acme Outfitters', pricePerUnit: 2_500 }));
//   const { owner } = await createSignedInShop(t, { allowConnections: true, pricePerUnit: 2_000 });
//   const { connection } = await createConnectedShop(t, { pricePerUnit: 2_000 }, { provider: 'adyen', credentials });
import { ROLE } from '@kassa/contract/access';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createMerchant, type MerchantOverrides } from '../factories/merchants.ts';
import { createProduct } from '../factories/sellables.ts';
import { createUser } from '../factories/users.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { createSignedInUser, type TestSession } from '../session.ts';

export interface ShopOptions extends Pick<MerchantOverrides, 'name' | 'allowConnections'> {
  ownerEmail?: string;
  /** The one product's price in minor units. */
  pricePerUnit: number;
  currency?: string;
}

/** A merchant and its owner's account, for tests that create their own products. */
export async function createMerchantWithOwner(
  t: TestApp,
  shop: Omit<ShopOptions, 'pricePerUnit' | 'currency'> = {},
): Promise<{ merchantId: string }> {
  const merchantId = (await createMerchant(t.ctx.db, merchantOverrides(shop))).id;
  await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId, email: shop.ownerEmail });
  return { merchantId };
}

/** A merchant, its owner's account and one product. */
export async function createShop(t: TestApp, shop: ShopOptions): Promise<{ merchantId: string; productId: string }> {
  const { merchantId } = await createMerchantWithOwner(t, shop);
  return { merchantId, productId: await createShopProduct(t, merchantId, shop) };
}

/** A fresh test app with one shop in it (createShop), for a test file that buys from that shop alone. */
export async function startShop(shop: ShopOptions): Promise<{ t: TestApp; merchantId: string; productId: string }> {
  const t = await buildTestApp();
  return { t, ...(await createShop(t, shop)) };
}

/** A merchant, its owner signed in (for the merchant API: connections, transactions) and one product. */
export async function createSignedInShop(t: TestApp, shop: ShopOptions) {
  const merchantId = (await createMerchant(t.ctx.db, merchantOverrides(shop))).id;
  const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId, email: shop.ownerEmail });
  return { merchantId, owner, productId: await createShopProduct(t, merchantId, shop) };
}

/** The payment service a merchant connects, as its owner sends it from the dashboard. */
export interface PaymentServiceConnection {
  provider: string;
  credentials: Record<string, string>;
  fallback?: boolean;
  enabled?: boolean;
}

/** Connects a payment service as the owner; the answer is left to the test. */
export function connectPaymentService(
  t: TestApp,
  owner: TestSession,
  connection: PaymentServiceConnection,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/apiv1/connection/merchant-connection/',
    headers: owner.auth,
    payload: { kind: 'payment_service', ...connection },
  });
}

/** A signed-in shop allowed its own connections, with one payment service connected (the connection's answer). */
export async function createConnectedShop(
  t: TestApp,
  shop: Omit<ShopOptions, 'allowConnections'>,
  connection: PaymentServiceConnection,
) {
  const created = await createSignedInShop(t, { ...shop, allowConnections: true });
  const res = await connectPaymentService(t, created.owner, connection);
  expect(res.statusCode, res.body).toBe(201);
  return { ...created, connection: res.json().result as { id: string } & Record<string, unknown> };
}

const merchantOverrides = ({ name, allowConnections }: Omit<ShopOptions, 'pricePerUnit'>): MerchantOverrides => ({
  ...(name === undefined ? {} : { name }),
  ...(allowConnections === undefined ? {} : { allowConnections }),
});

async function createShopProduct(t: TestApp, merchantId: string, { pricePerUnit, currency }: ShopOptions) {
  return (await createProduct(t.ctx.db, merchantId, { pricePerUnit, ...(currency ? { currency } : {}) })).id;
}
