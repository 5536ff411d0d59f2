// Failover routing with a primary processor that fails in each way a real one can: unreachable
// (provably took nothing) → the fallback takes the payment, both attempts on the timeline; outcome
// unknown (timeout after sending) → never retried elsewhere, left processing for reconciliation.
// The processor-emulator version of this test lives with the Stripe and Adyen connectors.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createShop } from '../../../test/payments/shop.ts';
import { checkoutByCard, newBuyerAddress } from '../../../test/support/checkout.ts';
import { providerConnections, transactionEvents, transactions } from '../../db/schema.ts';
import {
  type PaymentProvider,
  ProcessorOutcomeUnknownError,
  ProcessorUnavailableError,
} from '../../payments/provider.ts';
import { sealCredentials } from '../connections/connection-credentials.ts';

let t: TestApp;
let merchantId: string;
let productId: string;
let primaryFails: 'unreachable' | 'unknown' | 'never' = 'never';
const asked: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId, productId } = await createShop(t, { allowConnections: true, pricePerUnit: 4_200 }));
  // The primary: a processor whose network fails on demand. The fallback: the sandbox.
  for (const [provider, isFallback] of [
    ['flaky_processor', false],
    ['sandbox', true],
  ] as const) {
    const id = crypto.randomUUID();
    await t.ctx.db.insert(providerConnections).values({
      id,
      merchantId,
      kind: 'payment_service',
      provider,
      credentials: sealCredentials(t.ctx.keys, merchantId, id, { secret_key: 'sk_test_failover000111' }),
      enabled: true,
      isFallback,
      status: 'verified',
    });
  }
  const real = t.ctx.providers;
  t.ctx.providers = (id, connection): PaymentProvider => {
    if (id !== 'flaky_processor') {
      const provider = real(id, connection);
      return {
        ...provider,
        authorize: (r) => {
          asked.push(id);
          return provider.authorize(r);
        },
      };
    }
    const sandbox = real('sandbox');
    return {
      ...sandbox,
      id,
      authorize: async (request) => {
        asked.push(id);
        if (primaryFails === 'unreachable') throw new ProcessorUnavailableError('connect ECONNREFUSED 127.0.0.1:9');
        if (primaryFails === 'unknown') throw new ProcessorOutcomeUnknownError('timeout after 10 s');
        return sandbox.authorize(request);
      },
    };
  };
});
afterAll(() => t.close());

const pay = () => checkoutByCard(t, { product: productId }, { remoteAddress: newBuyerAddress() });

const timeline = async (id: string) =>
  (await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id))).map((e) => e.type);

describe('failover to the fallback payment service', () => {
  it('uses the primary while it answers', async () => {
    primaryFails = 'never';
    asked.length = 0;
    const res = await pay();
    expect(res.json().result.status).toBe('capture_succeeded');
    expect(asked).toEqual(['flaky_processor']);
  });

  it('retries once on the fallback when the primary provably took nothing, and says so on the timeline', async () => {
    primaryFails = 'unreachable';
    asked.length = 0;
    const res = await pay();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('capture_succeeded');
    expect(asked).toEqual(['flaky_processor', 'sandbox']);
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, res.json().result.id));
    expect(tx).toMatchObject({ provider: 'sandbox', capturedAmount: 4_200 });
    expect(await timeline(tx!.id)).toEqual(['created', 'failover', 'captured']);
  });

  it('never retries elsewhere when the outcome is unknown: the payment waits for reconciliation', async () => {
    primaryFails = 'unknown';
    asked.length = 0;
    const res = await pay();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/could not confirm the payment/);
    expect(asked).toEqual(['flaky_processor']);
    const processing = await t.ctx.db.select().from(transactions).where(eq(transactions.status, 'processing'));
    expect(processing).toHaveLength(1);
    expect(processing[0]!.provider).toBe('flaky_processor');
  });

  it('declines as not charged when the fallback is unreachable too', async () => {
    primaryFails = 'unreachable';
    await t.ctx.db
      .update(providerConnections)
      .set({ provider: 'flaky_processor_2' })
      .where(eq(providerConnections.provider, 'sandbox'));
    const real = t.ctx.providers;
    t.ctx.providers = (id, c) => (id === 'flaky_processor_2' ? real('flaky_processor', c) : real(id, c));
    asked.length = 0;
    const res = await pay();
    expect(res.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'The payment service could not be reached. You were not charged; please try again.',
    });
    expect(asked).toEqual(['flaky_processor', 'flaky_processor']);
  });
});
