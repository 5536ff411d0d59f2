// Money holds when a processor's answer is lost (docs/decisions/0021-money-calls-written-before-sent.md):
// a fault proxy between Kassa and the Stripe and Adyen emulators cuts the connection after the
// emulator did the work, holds the answer past Kassa's timeout, answers 500 after the work, or drops
// the first answers. For every money call × every fault: the merchant sees "pending", a retry with the
// same Idempotency-Key or reconciliation settles the same operation, and the emulator's ledger and
// Kassa's agree to the cent — nothing is paid, captured or refunded twice, nothing stays pending.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KASSA_CONNECTION_CREDENTIALS, startAdyenEmulator } from '../../../test/emulators/adyen/emulator.ts';
import { ADYEN_TEST_CARDS, TEST_CARD_CVC, TEST_CARD_EXPIRY } from '../../../test/emulators/adyen/test-cards.ts';
import { EMULATOR_TEST_KEY, startStripeEmulator } from '../../../test/emulators/stripe/emulator.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createConnectedShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import type { testCard } from '../../../test/support/checkout.ts';
import { type FaultProxy, type ProxyFault, startFaultProxy } from '../../../test/support/fault-proxy.ts';
import { chargeOnTerminal, payOnTerminal } from '../../../test/support/terminal.ts';
import { authorizationChanges, refunds, transactions } from '../../db/schema.ts';
import { reconcileStalePayments } from '../charges/charge.service.ts';
import { reconcilePendingMoneyCalls } from './money-calls.service.ts';

/**
 * Kassa waits this long for a processor (long enough that a busy CI machine answers every unfaulted
 * call within it); the proxy's held answers come later.
 */
const TIMEOUT_MS = 1_200;

interface Ledger {
  captured: number;
  refunded: number;
  refundCount: number;
  voided: boolean;
}

interface Processor {
  name: string;
  /**
   * Cuts that leave Kassa without an answer: Stripe's SDK sends a request again once when its
   * connection closes (same key), so there the second cut is the one Kassa sees.
   */
  cutsToLoseAnswer: number;
  card: ReturnType<typeof testCard>;
  /** Paths of the money calls at this processor, for the proxy's faults. */
  paths: { refund: RegExp; capture: RegExp; void: RegExp; pay: RegExp };
  ledger(providerReference: string): Ledger;
  /** How many payments the processor made for one Kassa transaction. */
  paymentsFor(reference: string): number;
  close(): Promise<void>;
}

interface World {
  t: TestApp;
  owner: TestSession;
  proxy: FaultProxy;
  processor: Processor;
}

async function stripeWorld(env: Record<string, string> = {}): Promise<World> {
  const emulator = await startStripeEmulator();
  const proxy = await startFaultProxy(emulator.url);
  const t = await buildTestApp({
    KASSA_STRIPE_API_BASE: proxy.url,
    KASSA_PROCESSOR_TIMEOUT_MS: String(TIMEOUT_MS),
    ...env,
  });
  const { owner } = await createConnectedShop(
    t,
    { name: 'Lost Answers Ltd', pricePerUnit: 2_500 },
    { provider: 'stripe', credentials: { secret_key: EMULATOR_TEST_KEY }, enabled: true },
  );
  return {
    t,
    owner,
    proxy,
    processor: {
      name: 'Stripe',
      cutsToLoseAnswer: 2,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      paths: {
        refund: /^POST \/v1\/refunds$/,
        capture: /^POST \/v1\/payment_intents\/[^/]+\/capture$/,
        void: /^POST \/v1\/payment_intents\/[^/]+\/cancel$/,
        pay: /^POST \/v1\/payment_intents$/,
      },
      ledger: (pi) => {
        const intent = emulator.paymentIntent(pi) as { amount_received: number; status: string };
        const made = emulator.refunds(pi).filter((r) => r.status !== 'failed') as { amount: number }[];
        return {
          captured: intent.amount_received,
          refunded: made.reduce((sum, r) => sum + r.amount, 0),
          refundCount: made.length,
          voided: intent.status === 'canceled',
        };
      },
      paymentsFor: (reference) =>
        emulator.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>)?.kassa_reference === reference)
          .length,
      close: async () => {
        await t.close();
        await proxy.close();
        await emulator.close();
      },
    },
  };
}

async function adyenWorld(): Promise<World> {
  const emulator = await startAdyenEmulator();
  const proxy = await startFaultProxy(emulator.baseUrl);
  const t = await buildTestApp({
    KASSA_ADYEN_CHECKOUT_BASE: proxy.url,
    KASSA_PROCESSOR_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  // Adyen's webhooks are not delivered here: the calls' own answers (or their replays) settle them.
  emulator.notify = async () => ({ status: 200, body: '[accepted]' });
  const { owner } = await createConnectedShop(
    t,
    { name: 'Lost Answers GmbH', pricePerUnit: 2_500, currency: 'EUR' },
    { provider: 'adyen', credentials: KASSA_CONNECTION_CREDENTIALS },
  );
  return {
    t,
    owner,
    proxy,
    processor: {
      name: 'Adyen',
      cutsToLoseAnswer: 1,
      card: {
        number: ADYEN_TEST_CARDS.visa,
        exp_month: Number(TEST_CARD_EXPIRY.month),
        exp_year: Number(TEST_CARD_EXPIRY.year),
        cvc: TEST_CARD_CVC,
      },
      paths: {
        refund: /^POST .*\/payments\/[^/]+\/refunds$/,
        capture: /^POST .*\/payments\/[^/]+\/captures$/,
        void: /^POST .*\/payments\/[^/]+\/cancels$/,
        pay: /^POST .*\/payments$/,
      },
      ledger: (psp) => {
        const payment = emulator.payments.get(psp)!;
        const refundCount = emulator.requests.filter(
          (r) => r.path.endsWith(`/payments/${psp}/refunds`) && r.idempotencyKey,
        );
        return {
          captured: payment.capturedValue,
          refunded: payment.refundedValue,
          refundCount: new Set(refundCount.map((r) => r.idempotencyKey)).size,
          voided: payment.cancelled,
        };
      },
      paymentsFor: (reference) => [...emulator.payments.values()].filter((p) => p.reference === reference).length,
      close: async () => {
        await t.close();
        await proxy.close();
        await emulator.close();
      },
    },
  };
}

/** A Virtual Terminal payment of 5,000, authorized only (or captured at once). */
const payment = async (w: World, authorizeOnly: boolean) =>
  (
    await payOnTerminal(w.t, w.owner, {
      amount: 5_000,
      currency: w.processor.name === 'Adyen' ? 'EUR' : 'USD',
      authorizeOnly,
      card: w.processor.card,
    })
  ).id;

const txRow = async (w: World, id: string) =>
  (await w.t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

/** Kassa's side of the ledger: what it recorded as captured and refunded, and what is still pending. */
async function kassaLedger(w: World, id: string) {
  const tx = await txRow(w, id);
  const refundRows = await w.t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, id));
  const changes = await w.t.ctx.db
    .select()
    .from(authorizationChanges)
    .where(eq(authorizationChanges.transactionId, id));
  return {
    tx,
    pending: [...refundRows, ...changes].filter((r) => r.status === 'pending').length,
    refundCount: refundRows.filter((r) => r.status === 'succeeded').length,
  };
}

type Call = 'refund_full' | 'refund_partial' | 'capture_full' | 'capture_partial' | 'void';
const CALLS: Call[] = ['refund_full', 'refund_partial', 'capture_full', 'capture_partial', 'void'];
/** `lost`: how many answers the fault takes, in calls of Kassa's (the retry's too when 2). */
const FAULTS: { name: string; fault: ProxyFault; lost: 1 | 2 }[] = [
  { name: 'connection cut after the answer', fault: 'cut_after_answer', lost: 1 },
  { name: 'answer held past the timeout', fault: 'delay', lost: 1 },
  { name: '500 after the work', fault: 'error500_after_work', lost: 1 },
  { name: 'answers to the call and to its retry dropped', fault: 'cut_after_answer', lost: 2 },
];

const moneyCall = (w: World, id: string, call: Call, key: string) => {
  const [action, size] = call.split('_') as ['refund' | 'capture' | 'void', string | undefined];
  return w.t.app.inject({
    method: 'POST',
    url: `/apiv1/transaction/${id}/${action}/`,
    headers: { ...w.owner.auth, 'idempotency-key': key },
    payload: size === 'partial' ? { amount: action === 'refund' ? 1_000 : 2_000 } : {},
  });
};

const pathOf = (w: World, call: Call) => w.processor.paths[call.split('_')[0] as 'refund' | 'capture' | 'void'];

/** What the call should leave, at the processor and in Kassa. */
function expected(call: Call): { captured: number; refunded: number; voided: boolean; status: string } {
  switch (call) {
    case 'refund_full':
      return { captured: 5_000, refunded: 5_000, voided: false, status: 'refunded' };
    case 'refund_partial':
      return { captured: 5_000, refunded: 1_000, voided: false, status: 'partially_refunded' };
    case 'capture_full':
      return { captured: 5_000, refunded: 0, voided: false, status: 'capture_succeeded' };
    case 'capture_partial':
      return { captured: 2_000, refunded: 0, voided: false, status: 'capture_succeeded' };
    case 'void':
      return { captured: 0, refunded: 0, voided: true, status: 'voided' };
  }
}

async function agree(w: World, id: string, call: Call) {
  const want = expected(call);
  const kassa = await kassaLedger(w, id);
  const theirs = w.processor.ledger(kassa.tx.providerReference!);
  expect(kassa.pending, 'nothing left pending').toBe(0);
  expect(kassa.tx.status).toBe(want.status);
  expect({ captured: kassa.tx.capturedAmount, refunded: kassa.tx.refundedAmount }).toEqual({
    captured: want.captured,
    refunded: want.refunded,
  });
  expect({ captured: theirs.captured, refunded: theirs.refunded, voided: theirs.voided }).toEqual({
    captured: want.captured,
    refunded: want.refunded,
    voided: want.voided,
  });
  expect(theirs.refundCount, 'one refund at the processor').toBe(call.startsWith('refund') ? 1 : 0);
  expect(kassa.refundCount).toBe(call.startsWith('refund') ? 1 : 0);
}

const worlds: [string, () => Promise<World>][] = [
  ['Stripe', stripeWorld],
  ['Adyen', adyenWorld],
];

describe.each(worlds)('lost answers at %s', (_name, open) => {
  let w: World;
  beforeAll(async () => {
    w = await open();
  });
  afterAll(() => w.processor.close());

  for (const call of CALLS) {
    for (const { name, fault, lost } of FAULTS) {
      it(`${call}, ${name}: pending, then the merchant's retry with the same key settles it once`, async () => {
        const id = await payment(w, call.startsWith('capture') || call === 'void');
        const times = fault === 'cut_after_answer' ? lost * w.processor.cutsToLoseAnswer : 1;
        w.proxy.setFault({ fault, times, match: pathOf(w, call), delayMs: TIMEOUT_MS * 2 });
        const key = `lost-${call}-${fault}-${lost}`;
        const first = await moneyCall(w, id, call, key);
        expect(first.statusCode, first.body).toBe(202);
        expect(first.json().message).toMatch(/has not confirmed it yet/);
        expect(first.json().result.pending_at_processor).toHaveLength(1);
        if (call.startsWith('refund')) expect(first.json().result.refundable_amount).toBeLessThan(5_000);
        else expect(first.json().result.capturable_amount).toBe(0);
        // A held answer arrives after Kassa gave up: the retry must wait for it to be in.
        if (fault === 'delay') await new Promise((r) => setTimeout(r, TIMEOUT_MS * 2 + 300));
        const retry = await moneyCall(w, id, call, key);
        expect(retry.statusCode, retry.body).toBe(lost === 1 ? 200 : 202);
        w.proxy.setFault(null);
        await reconcilePendingMoneyCalls(w.t.ctx, 0);
        await agree(w, id, call);
      });
    }

    it(`${call}, answer cut and no retry: reconciliation alone settles it once`, async () => {
      const id = await payment(w, call.startsWith('capture') || call === 'void');
      w.proxy.setFault({ fault: 'cut_after_answer', times: w.processor.cutsToLoseAnswer, match: pathOf(w, call) });
      const first = await moneyCall(w, id, call, `reconcile-${call}`);
      expect(first.statusCode, first.body).toBe(202);
      expect(await reconcilePendingMoneyCalls(w.t.ctx, 0)).toBe(1);
      await agree(w, id, call);
    });
  }

  it('a second refund while one is pending counts the pending one as spent', async () => {
    const id = await payment(w, false);
    w.proxy.setFault({
      fault: 'cut_after_answer',
      times: w.processor.cutsToLoseAnswer,
      match: pathOf(w, 'refund_full'),
    });
    expect((await moneyCall(w, id, 'refund_partial', 'spent-1')).statusCode).toBe(202);
    const over = await w.t.app.inject({
      method: 'POST',
      url: `/apiv1/transaction/${id}/refund/`,
      headers: w.owner.auth,
      payload: { amount: 4_001 },
    });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toMatch(/40\.00/);
    expect((await moneyCall(w, id, 'refund_partial', 'spent-2')).statusCode).toBe(200);
    await reconcilePendingMoneyCalls(w.t.ctx, 0);
    const kassa = await kassaLedger(w, id);
    expect(kassa.tx.refundedAmount).toBe(2_000);
    expect(w.processor.ledger(kassa.tx.providerReference!).refunded).toBe(2_000);
  });

  it('20 parallel retries of a pending refund with its key and 20 refunds with their own: once each, never over (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await payment(w, false);
      w.proxy.setFault({
        fault: 'cut_after_answer',
        times: w.processor.cutsToLoseAnswer,
        match: pathOf(w, 'refund_full'),
      });
      expect((await moneyCall(w, id, 'refund_partial', `race-${round}`)).statusCode).toBe(202);
      const refundOf = (key: string, amount: number) =>
        w.t.app.inject({
          method: 'POST',
          url: `/apiv1/transaction/${id}/refund/`,
          headers: { ...w.owner.auth, 'idempotency-key': key },
          payload: { amount },
        });
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => refundOf(`race-${round}`, 1_000)),
        ...Array.from({ length: 20 }, (_, i) => refundOf(`race-${round}-${i}`, 300)),
      ]);
      // The retries answer the one refund (settled, or still pending, or "still being processed"
      // while another retry holds the key); of the 300s, what the 4,000 left allows: 13.
      for (const a of answers.slice(0, 20)) expect([200, 202, 409], a.body).toContain(a.statusCode);
      const others = answers.slice(20).map((a) => a.statusCode);
      expect(others.filter((c) => c === 200 || c === 202)).toHaveLength(13);
      expect(others.filter((c) => c === 422)).toHaveLength(7);
      await reconcilePendingMoneyCalls(w.t.ctx, 0);
      const kassa = await kassaLedger(w, id);
      expect(kassa.pending).toBe(0);
      expect(kassa.tx.refundedAmount).toBe(1_000 + 13 * 300);
      const theirs = w.processor.ledger(kassa.tx.providerReference!);
      expect({ refunded: theirs.refunded, count: theirs.refundCount }).toEqual({ refunded: 4_900, count: 14 });
      expect(kassa.refundCount).toBe(14);
    }
  });

  it('a capture pending at the processor refuses a void and a second capture', async () => {
    const id = await payment(w, true);
    w.proxy.setFault({ fault: 'error500_after_work', times: 1, match: pathOf(w, 'capture_full') });
    expect((await moneyCall(w, id, 'capture_full', 'cap-pending')).statusCode).toBe(202);
    const voided = await moneyCall(w, id, 'void', 'void-while-pending');
    expect(voided.statusCode).toBe(422);
    expect(voided.json().message).toMatch(/capture of this payment is pending/);
    const other = await moneyCall(w, id, 'capture_partial', 'cap-other-key');
    expect(other.statusCode).toBe(422);
    await reconcilePendingMoneyCalls(w.t.ctx, 0);
    await agree(w, id, 'capture_full');
  });

  if (_name === 'Stripe') {
    it("a cut answer is recovered by the Stripe SDK's own resend under the same key: one refund", async () => {
      const id = await payment(w, false);
      w.proxy.setFault({ fault: 'cut_after_answer', times: 1, match: w.processor.paths.refund });
      const res = await moneyCall(w, id, 'refund_full', 'sdk-resend');
      expect(res.statusCode, res.body).toBe(200);
      const sent = w.proxy.forwarded.filter((r) => r.path === '/v1/refunds').slice(-2);
      expect(sent.map((r) => r.faulted)).toEqual([true, false]);
      await agree(w, id, 'refund_full');
    });

    for (const { name, fault, lost } of FAULTS) {
      it(`payment, ${name}: stays processing, and reconciliation settles it once`, async () => {
        const times = fault === 'cut_after_answer' ? lost * w.processor.cutsToLoseAnswer : lost;
        w.proxy.setFault({ fault, times, match: w.processor.paths.pay, delayMs: TIMEOUT_MS * 2 });
        const charge = await chargeOnTerminal(w.t, w.owner, {
          amount: 5_000,
          authorizeOnly: false,
          card: w.processor.card,
        });
        expect(charge.statusCode, charge.body).toBeLessThan(500);
        const processing = await w.t.ctx.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.status, 'processing'));
        expect(processing).toHaveLength(1);
        const id = processing[0]!.id;
        if (fault === 'delay') await new Promise((r) => setTimeout(r, TIMEOUT_MS * 2 + 300));
        w.proxy.setFault(null);
        expect(await reconcileStalePayments(w.t.ctx, 0)).toBe(1);
        const tx = await txRow(w, id);
        expect(tx.status).toBe('capture_succeeded');
        expect(w.processor.paymentsFor(id), 'one payment at the processor').toBe(1);
        expect(w.processor.ledger(tx.providerReference!).captured).toBe(tx.capturedAmount);
      });
    }
  }
});

describe('a slow processor holds no database connection', () => {
  let w: World;
  beforeAll(async () => {
    // One connection: a capture, void or refund that kept it while the processor answered would make
    // every other request wait for the processor.
    w = await stripeWorld({ DATABASE_POOL_SIZE: '1', KASSA_PROCESSOR_TIMEOUT_MS: '5000' });
  });
  afterAll(() => w.processor.close());

  it.each(['capture_full', 'void', 'refund_partial'] as const)(
    '%s: other requests are answered while the processor takes its time',
    async (call) => {
      const id = await payment(w, call !== 'refund_partial');
      w.proxy.setFault({ fault: 'delay', times: 1, match: pathOf(w, call), delayMs: 1_500 });
      const slow = moneyCall(w, id, call, `slow-${call}`);
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const read = await w.t.app.inject({ method: 'GET', url: `/apiv1/transaction/${id}/`, headers: w.owner.auth });
      expect(read.statusCode).toBe(200);
      expect(Date.now() - started, 'answered without waiting for the processor').toBeLessThan(700);
      expect(read.json().result.pending_at_processor).toHaveLength(1);
      expect((await slow).statusCode).toBe(200);
    },
  );
});
