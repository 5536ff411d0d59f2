import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import {
  CHECKOUT_TOKEN_TTL_S,
  type CheckoutSessionFacts,
  signCheckoutToken,
  verifyCheckoutToken,
} from './checkout-token.ts';

const signedAt = new Date('2026-11-29T04:00:00Z');
const facts: CheckoutSessionFacts = {
  merchantId: '6f1c2a8e-3b7d-4c1e-9a2f-0d5e8b7c6a41',
  kind: 'product',
  productId: '0b9e1d2c-7a6f-4e3d-8c5b-1a2f3e4d5c6b',
  quickPaymentId: null,
  invoiceId: null,
  quantity: 2,
  amount: 5000,
  currency: 'USD',
  country: 'US',
  intent: 'capture',
  buyerId: '9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a',
  customerId: null,
  buyerReference: null,
  buyerReferenceTrusted: false,
  store: null,
  metadata: { product_id: '0b9e1d2c-7a6f-4e3d-8c5b-1a2f3e4d5c6b' },
  description: 'Bike bell × 2',
  createdBy: null,
  createdAt: signedAt,
  expiresAt: new Date(signedAt.getTime() + 30 * 60_000),
};
const claims = { sessionId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', section: 'card' as const, session: facts };

describe('checkout token claims kept from signing', () => {
  it('gives the same claims as verifying the token afresh (another process with the same key)', async () => {
    const key = new Uint8Array(32).fill(1);
    const token = await signCheckoutToken(key, claims, signedAt);
    const here = await verifyCheckoutToken(key, token, signedAt);
    // The same key bytes in another array: nothing kept under it, the token is decoded and verified.
    const elsewhere = await verifyCheckoutToken(new Uint8Array(key), token, signedAt);
    expect(here).toEqual(claims);
    expect(elsewhere).toEqual(here);
  });

  it('still expires: a kept token is refused once its lifetime is over', async () => {
    const key = new Uint8Array(32).fill(2);
    const token = await signCheckoutToken(key, claims, signedAt);
    const later = new Date(signedAt.getTime() + CHECKOUT_TOKEN_TTL_S * 1000);
    await expect(verifyCheckoutToken(key, token, later)).rejects.toThrow(AppError);
    await expect(verifyCheckoutToken(key, token, new Date(later.getTime() - 1000))).resolves.toEqual(claims);
  });

  it('refuses a token changed by one character, and one signed under another key', async () => {
    const key = new Uint8Array(32).fill(3);
    const token = await signCheckoutToken(key, claims, signedAt);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.endsWith('A') ? `${signature.slice(0, -1)}B` : `${signature.slice(0, -1)}A`;
    await expect(verifyCheckoutToken(key, `${head}.${payload}.${flipped}`, signedAt)).rejects.toThrow(/expired/);
    await expect(verifyCheckoutToken(new Uint8Array(32).fill(4), token, signedAt)).rejects.toThrow(/expired/);
  });

  it('one request cannot change what the next request with the same token reads', async () => {
    const key = new Uint8Array(32).fill(5);
    const token = await signCheckoutToken(key, claims, signedAt);
    const first = await verifyCheckoutToken(key, token, signedAt);
    expect(() => {
      (first.session!.metadata as Record<string, string>).product_id = 'changed';
    }).toThrow(TypeError);
    expect((await verifyCheckoutToken(key, token, signedAt)).session!.metadata.product_id).toBe(
      facts.metadata.product_id,
    );
  });
});
