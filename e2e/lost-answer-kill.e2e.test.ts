// A refund and a capture whose API process is killed with SIGKILL after Stripe did the work and
// before its answer arrived (docs/decisions/0021-money-calls-written-before-sent.md): the operation was
// committed `pending` before Stripe was asked, so reconciliation (here from a second process on the
// same database) finds it at Stripe by Kassa's id and records it once — Stripe's ledger and Kassa's
// agree, nothing is made twice. Needs DATABASE_URL (CI sets it); skipped otherwise.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { transactions } from '../apps/api/src/db/schema.ts';
import { reconcilePendingMoneyCalls } from '../apps/api/src/modules/transactions/money-calls.service.ts';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../apps/api/test/emulators/stripe/emulator.ts';
import type { TestApp } from '../apps/api/test/helper.ts';
import { createConnectedShop } from '../apps/api/test/payments/shop.ts';
import type { TestSession } from '../apps/api/test/session.ts';
import { type FaultProxy, startFaultProxy } from '../apps/api/test/support/fault-proxy.ts';
import { payOnTerminal } from '../apps/api/test/support/terminal.ts';
import { describeOnPostgres, openProcessGroup, type ProcessGroup } from './support/process-group.ts';

describeOnPostgres(`a money call's process killed before the processor's answer`, () => {
  let group: ProcessGroup;
  let emulator: StripeEmulator;
  let proxy: FaultProxy;
  let t: TestApp;
  let owner: TestSession;

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    proxy = await startFaultProxy(emulator.url);
    group = await openProcessGroup({
      name: 'lost_kill',
      secret: 'lost-answer-kill-shared-root-secret-0123456789',
      env: { KASSA_STRIPE_API_BASE: proxy.url },
    });
    // This process sets the shop up and later reconciles, on the same database and root secret as
    // the server it kills (another API process, as an operator would run several).
    t = await group.local();
    ({ owner } = await createConnectedShop(
      t,
      { name: 'Killed Mid-Call Ltd', pricePerUnit: 2_500 },
      { provider: 'stripe', credentials: { secret_key: EMULATOR_TEST_KEY }, enabled: true },
    ));
  });

  afterAll(async () => {
    await group?.close();
    await proxy?.close();
    await emulator?.close();
  });

  /** A Virtual Terminal payment of 5,000 through Stripe, captured or only authorized. */
  const payment = async (authorizeOnly: boolean) =>
    (await payOnTerminal(t, owner, { amount: 5_000, authorizeOnly })).id;

  it.each([
    ['refund', false, {}, /^POST \/v1\/refunds$/],
    ['refund', false, { amount: 1_500 }, /^POST \/v1\/refunds$/],
    ['capture', true, {}, /^POST \/v1\/payment_intents\/[^/]+\/capture$/],
    ['capture', true, { amount: 2_000 }, /^POST \/v1\/payment_intents\/[^/]+\/capture$/],
    ['void', true, {}, /^POST \/v1\/payment_intents\/[^/]+\/cancel$/],
  ] as const)(
    '%s %o: killed while Stripe answers, settled once by reconciliation',
    async (action, authorizeOnly, body, match) => {
      const id = await payment(authorizeOnly);
      const server = (await group.start([{}]))[0]!;
      // Stripe does the work at once; its answer is held until long after the process is gone.
      proxy.setFault({ fault: 'delay', match, times: 1, delayMs: 20_000 });
      const sent = () => proxy.forwarded.filter((r) => match.test(`${r.method} ${r.path}`)).length;
      const sentBefore = sent();
      const call = fetch(`${server.url}/apiv1/transaction/${id}/${action}/`, {
        method: 'POST',
        headers: { ...owner.auth, 'content-type': 'application/json', 'idempotency-key': `kill-${action}-${id}` },
        body: JSON.stringify(body),
      }).catch((error: unknown) => error);
      await expect.poll(sent).toBe(sentBefore + 1);
      await server.kill();
      expect(await call).toBeInstanceOf(Error);
      proxy.setFault(null);

      const before = (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
      expect(before.status).toBe(action === 'refund' ? 'capture_succeeded' : 'authorization_succeeded');
      expect(await reconcilePendingMoneyCalls(t.ctx, 0)).toBe(1);
      expect(await reconcilePendingMoneyCalls(t.ctx, 0)).toBe(0);
      const after = (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
      const intent = emulator.paymentIntent(after.providerReference!) as { amount_received: number; status: string };
      const stripeRefunds = emulator.refunds(after.providerReference!) as { amount: number }[];
      const amount = 'amount' in body ? body.amount : 5_000;
      if (action === 'refund') {
        expect(after).toMatchObject({
          status: amount === 5_000 ? 'refunded' : 'partially_refunded',
          refundedAmount: amount,
        });
        expect(stripeRefunds.map((r) => r.amount)).toEqual([amount]);
      } else if (action === 'capture') {
        expect(after).toMatchObject({ status: 'capture_succeeded', capturedAmount: amount });
        expect(intent.amount_received).toBe(amount);
        expect(stripeRefunds).toEqual([]);
      } else {
        expect(after).toMatchObject({ status: 'voided', capturedAmount: 0 });
        expect(intent.status).toBe('canceled');
      }
    },
  );
});
