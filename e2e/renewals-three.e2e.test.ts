// Renewals happen exactly once across processes (docs/decisions/0024-renewals-exactly-once.md): three
// built API processes on one fresh PostgreSQL database, 1,000 subscriptions due at once, and the renewal
// tick fired 20 times in parallel (7 + 7 + 6 ticks, KASSA_RENEWAL_TICKS, as each process runs them at
// start). The cards are saved at the Stripe emulator (one, shared by the three processes), so every
// renewal is an off_session PaymentIntent there. Mid-batch one process is killed with SIGKILL; the two
// others finish; once the killed one's tries have outlived their lease it is started again.
// Afterwards: one invoice per (subscription, period), one captured payment per invoice, nothing still
// due, and at the processor one PaymentIntent per invoice, each under its own idempotency key (the
// try's payment id). Needs DATABASE_URL (CI sets it); skipped otherwise.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../apps/api/src/context.ts';
import { MINUTE, type OffsetClock } from '../apps/api/src/lib/clock.ts';
import { reconcileStalePayments } from '../apps/api/src/modules/charges/reconcile.ts';
import { KASSA_REFERENCE_KEY } from '../apps/api/src/payments/stripe/stripe-processor.ts';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../apps/api/test/emulators/stripe/emulator.ts';
import {
  createDueSubscriptions,
  createMonthlyPrice,
  type KeepCards,
} from '../apps/api/test/factories/subscriptions.ts';
import { createConnectedShop } from '../apps/api/test/payments/shop.ts';
import { describeOnPostgres, openProcessGroup, type ProcessGroup } from './support/process-group.ts';

const SUBSCRIPTIONS = 1_000;
/** Ticks each of the three processes runs at once: 20 in all. */
const TICKS = ['7', '7', '6'];
/** The killed process goes down once this many periods are invoiced (mid-batch). */
const KILL_AFTER = 150;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Each customer's card saved at the Stripe emulator as Kassa's own save leaves it: a Customer, and a
 * card attached to it by a SetupIntent confirmed for off_session use.
 */
function keepAtStripe(emulator: StripeEmulator, connectionId: string): KeepCards {
  const post = async (path: string, body: string) => {
    const res = await fetch(`${emulator.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${EMULATOR_TEST_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const answer = (await res.json()) as { id: string; payment_method: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const card =
    'payment_method_types[]=card&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242' +
    '&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2040&payment_method_data[card][cvc]=123';
  return (_db, customerIds) =>
    Promise.all(
      customerIds.map(async (id) => {
        const customer = (await post('/v1/customers', `metadata[kassa_customer_id]=${id}`)).id;
        const setup = await post('/v1/setup_intents', `confirm=true&usage=off_session&customer=${customer}&${card}`);
        return { provider: 'stripe', connectionId, token: setup.payment_method, processorCustomerId: customer };
      }),
    );
}

describeOnPostgres('renewals on three API processes, one killed', () => {
  let group: ProcessGroup;
  let emulator: StripeEmulator;
  let ctx: AppContext;
  let clock: OffsetClock;
  let merchantId: string;

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    group = await openProcessGroup({
      name: 'renewals3',
      secret: 'renewals-three-shared-root-secret-0123456789',
      env: {
        KASSA_STRIPE_API_BASE: emulator.url,
        // Seven ticks at once each hold a connection while they claim or settle: room for them and the
        // requests beside them.
        DATABASE_POOL_SIZE: '10',
      },
    });
    // This process migrates the database and seeds the due subscriptions before any API process
    // starts, so that their first ticks find all 1,000 at once.
    const t = await group.local();
    ({ ctx, clock } = t);
    const shop = await createConnectedShop(
      t,
      { name: 'Three Renewals Ltd', pricePerUnit: 1_000 },
      { provider: 'stripe', credentials: { secret_key: EMULATOR_TEST_KEY }, enabled: true },
    );
    merchantId = shop.merchantId;
    const price = await createMonthlyPrice(ctx.db, merchantId, shop.productId);
    await createDueSubscriptions(ctx.db, {
      merchantId,
      priceId: price.id,
      count: SUBSCRIPTIONS,
      now: new Date(),
      keepCards: keepAtStripe(emulator, shop.connection.id),
    });
  }, 180_000);

  afterAll(async () => {
    await group?.close();
    await emulator?.close();
  });

  const one = async (sql: string): Promise<number> => {
    const rows = await ctx.database.query<{ n: string | number }>(sql.replaceAll('$merchant', `'${merchantId}'`));
    return Number(rows[0]?.n ?? 0);
  };
  const invoiced = () => one(`select count(*) as n from invoices where merchant_id = $merchant`);
  const paid = () => one(`select count(*) as n from invoices where merchant_id = $merchant and status = 'paid'`);
  const stillDue = () =>
    one(
      `select count(*) as n from subscriptions where merchant_id = $merchant
           and status in ('active', 'trialing') and current_period_end <= now()`,
    );
  /** Waits until `read` gives the same value `times` polls in a row, `everyMs` apart; that value. */
  async function settled(read: () => Promise<number>, times = 3, everyMs = 2_000, timeoutMs = 150_000) {
    const deadline = Date.now() + timeoutMs;
    let last = await read();
    let same = 1;
    while (same < times) {
      if (Date.now() > deadline) throw new Error(`still moving after ${timeoutMs / 1000} s (at ${last})`);
      await sleep(everyMs);
      const now = await read();
      same = now === last ? same + 1 : 1;
      last = now;
    }
    return last;
  }

  it(`20 parallel ticks over ${SUBSCRIPTIONS} due subscriptions, a process killed mid-batch and restarted: each period invoiced and charged once`, async () => {
    const victim = (await group.start(TICKS.map((ticks) => ({ KASSA_RENEWAL_TICKS: ticks }))))[0]!;
    await expect.poll(invoiced, { timeout: 150_000, interval: 100 }).toBeGreaterThanOrEqual(KILL_AFTER);
    await victim.kill();
    const atKill = await invoiced();
    expect(atKill).toBeLessThan(SUBSCRIPTIONS);

    // The two others renew the rest; what the killed process had claimed and not charged keeps its
    // try's lease, so some invoices stay open.
    await expect.poll(stillDue, { timeout: 150_000, interval: 1_000 }).toBe(0);
    expect(await invoiced()).toBe(SUBSCRIPTIONS);
    const paidBeforeRestart = await settled(paid);

    // Ten minutes later, as the survivors' clocks cannot be moved: payments the killed process left
    // `processing` are reconciled, and its tries' leases run out.
    clock.advance(11 * MINUTE);
    await reconcileStalePayments(ctx);
    await ctx.database.query(
      `update invoices set next_payment_attempt_at = now() - interval '1 second'
          where merchant_id = '${merchantId}' and status in ('sent', 'viewed') and next_payment_attempt_at > now()`,
    );
    await group.start([{ KASSA_RENEWAL_TICKS: TICKS[0]! }]);
    await expect.poll(paid, { timeout: 120_000, interval: 1_000 }).toBe(SUBSCRIPTIONS);
    expect(paidBeforeRestart).toBeLessThanOrEqual(SUBSCRIPTIONS);

    // Exactly once, counted in the tables.
    expect(
      await one(`select count(*) as n from (select subscription_id, period_start from invoices
                    where merchant_id = $merchant group by 1, 2 having count(*) > 1) d`),
    ).toBe(0);
    expect(await one(`select count(distinct subscription_id) as n from invoices where merchant_id = $merchant`)).toBe(
      SUBSCRIPTIONS,
    );
    // One captured payment per invoice, none more; no payment left under way.
    expect(
      await one(`select count(*) as n from (select invoice_id from transactions where merchant_id = $merchant
                    and status = 'capture_succeeded' group by 1 having count(*) > 1) d`),
    ).toBe(0);
    expect(
      await one(`select count(distinct invoice_id) as n from transactions
                    where merchant_id = $merchant and status = 'capture_succeeded'`),
    ).toBe(SUBSCRIPTIONS);
    expect(
      await one(
        `select count(*) as n from transactions where merchant_id = $merchant and status = 'capture_succeeded'`,
      ),
    ).toBe(SUBSCRIPTIONS);
    expect(
      await one(`select count(*) as n from transactions where merchant_id = $merchant and status = 'processing'`),
    ).toBe(0);
    // Every subscription moved on one period and is active.
    expect(
      await one(`select count(*) as n from subscriptions where merchant_id = $merchant and status = 'active'
                    and current_period_end > now()`),
    ).toBe(SUBSCRIPTIONS);
    expect(await stillDue()).toBe(0);
    for (const s of group.servers.slice(1)) expect(s.isAlive()).toBe(true);

    // Exactly once, counted at the processor: one PaymentIntent per invoice, each created under its own
    // idempotency key (a key sent again after the kill was answered with its first PaymentIntent).
    const invoiceOf = new Map(
      (
        await ctx.database.query<{ id: string; invoice_id: string }>(
          `select id, invoice_id from transactions where merchant_id = $1`,
          [merchantId],
        )
      ).map((r) => [r.id, r.invoice_id]),
    );
    const intents = emulator.paymentIntents(EMULATOR_TEST_KEY);
    const intentsPerInvoice = new Map<string | undefined, number>();
    for (const pi of intents) {
      const invoice = invoiceOf.get((pi.metadata as Record<string, string>)[KASSA_REFERENCE_KEY]!);
      intentsPerInvoice.set(invoice, (intentsPerInvoice.get(invoice) ?? 0) + 1);
    }
    expect(intents.filter((pi) => pi.status === 'succeeded')).toHaveLength(SUBSCRIPTIONS);
    expect(intents).toHaveLength(SUBSCRIPTIONS);
    expect(intentsPerInvoice.has(undefined)).toBe(false);
    expect(intentsPerInvoice.size).toBe(SUBSCRIPTIONS);
    expect([...intentsPerInvoice.values()].filter((n) => n > 1)).toEqual([]);
    const keys = emulator.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(SUBSCRIPTIONS);
    console.log(
      `renewals-three: ${intents.length} PaymentIntents at the emulator for ${intentsPerInvoice.size} invoices, ` +
        `${keys.length} create requests under ${new Set(keys).size} idempotency keys, ${atKill} invoiced at the kill`,
    );
  }, 900_000);
});
