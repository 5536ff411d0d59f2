// Failover between two real connectors: Stripe (primary) and Adyen (fallback), each the real SDK
// against its loopback emulator. The Stripe emulator stops listening in the middle of a stream of
// payments: from then on every payment goes to Adyen. Afterwards no payment is charged twice (on
// one processor or across both) and no captured payment is lost.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdyenEmulator,
  KASSA_CONNECTION_CREDENTIALS,
  startAdyenEmulator,
} from '../../../test/emulators/adyen/emulator.ts';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../../../test/emulators/stripe/emulator.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { connectPaymentService, createConnectedShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { checkoutByCard, newBuyerAddress } from '../../../test/support/checkout.ts';
import { transactionEvents, transactions } from '../../db/schema.ts';
import { reconcileStalePayments } from './reconcile.ts';

let t: TestApp;
let stripe: StripeEmulator;
let adyen: AdyenEmulator;
let owner: TestSession;
let productId: string;

const PAYMENTS = 24;
const CONCURRENCY = 4;

beforeAll(async () => {
  stripe = await startStripeEmulator();
  adyen = await startAdyenEmulator();
  t = await buildTestApp({ KASSA_STRIPE_API_BASE: stripe.url, KASSA_ADYEN_CHECKOUT_BASE: adyen.baseUrl });
  ({ owner, productId } = await createConnectedShop(
    t,
    { name: 'Failover Outfitters', pricePerUnit: 3_100, currency: 'EUR' },
    { provider: 'stripe', credentials: { secret_key: EMULATOR_TEST_KEY } },
  ));
  const fallback = await connectPaymentService(t, owner, {
    provider: 'adyen',
    fallback: true,
    credentials: KASSA_CONNECTION_CREDENTIALS,
  });
  expect(fallback.statusCode, fallback.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await adyen?.close();
});

// A card number both processors' test environments authorise.
const bothProcessorsCard = { number: '4111111111111111', exp_month: 3, exp_year: 2030, cvc: '737' };
const pay = () =>
  checkoutByCard(t, { product: productId }, { card: bothProcessorsCard, remoteAddress: newBuyerAddress() });

describe('the primary processor goes away mid-run', () => {
  it('sends the rest to the fallback: 0 double charges, 0 lost captures', async () => {
    const answers: Awaited<ReturnType<typeof pay>>[] = [];
    let started = 0;
    const worker = async () => {
      while (started < PAYMENTS) {
        started += 1;
        if (started === PAYMENTS / 2) await stripe.stopListening();
        answers.push(await pay());
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    // A request Stripe was in the middle of when it went away has an unknown outcome: the buyer is
    // told to wait, the payment stays processing and is never sent to Adyen.
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(/could not confirm the payment/);
    }
    const captured = answers.filter((r) => r.statusCode === 200).map((r) => r.json().result);
    expect(captured.every((r) => r.status === 'capture_succeeded')).toBe(true);

    // Stripe comes back; reconciliation asks it about the payments whose answer was lost.
    await stripe.resumeListening();
    await reconcileStalePayments(t.ctx, 0);
    const rows = await t.ctx.db.select().from(transactions);
    expect(rows).toHaveLength(PAYMENTS);
    expect(rows.filter((r) => r.status === 'processing')).toEqual([]);
    for (const c of captured) expect(rows.find((r) => r.id === c.id)?.status).toBe('capture_succeeded');
    const byProvider = { stripe: 0, adyen: 0 } as Record<string, number>;
    for (const row of rows.filter((r) => r.status === 'capture_succeeded')) {
      expect(row.capturedAmount).toBe(3_100);
      byProvider[row.provider] = (byProvider[row.provider] ?? 0) + 1;
    }
    expect(byProvider.stripe).toBeGreaterThan(0);
    expect(byProvider.adyen).toBeGreaterThan(0);

    // Each payment was taken by exactly one processor: Stripe's captured intents and Adyen's
    // authorised payments are disjoint and together are every Kassa transaction, once.
    const stripeRefs = stripe
      .paymentIntents()
      .filter((pi) => pi.status === 'succeeded')
      .map((pi) => (pi.metadata as Record<string, string>).kassa_reference);
    const adyenRefs = [...adyen.payments.values()].filter((p) => p.resultCode === 'Authorised').map((p) => p.reference);
    const taken = [...stripeRefs, ...adyenRefs].sort();
    expect(taken).toEqual(
      rows
        .filter((r) => r.status === 'capture_succeeded')
        .map((r) => r.id)
        .sort(),
    );
    expect(new Set(taken).size).toBe(taken.length);

    // The payments that moved say so on their timeline.
    for (const row of rows.filter((r) => r.provider === 'adyen' && r.status === 'capture_succeeded')) {
      const events = await t.ctx.db
        .select({ type: transactionEvents.type, message: transactionEvents.message })
        .from(transactionEvents)
        .where(eq(transactionEvents.transactionId, row.id));
      expect(events.map((e) => e.type)).toContain('failover');
    }
  });
});
