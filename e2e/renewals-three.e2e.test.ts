// Renewals happen exactly once across processes (docs/decisions/0024-renewals-exactly-once.md): three
// built API processes on one fresh PostgreSQL database, 1,000 subscriptions due at once, and the renewal
// tick fired 20 times in parallel (7 + 7 + 6 ticks, KASSA_RENEWAL_TICKS, as each process runs them at
// start). Mid-batch one process is killed with SIGKILL; the two others finish; once the killed one's
// tries have outlived their lease it is started again. Afterwards: one invoice per (subscription,
// period), one captured payment per invoice, every payment's id (the processor's idempotency key) used
// once, nothing still due. The sandbox keeps no payments of its own (sandbox-processor.ts), so the
// processor's side is what Kassa sent it: the payments table, one row per key.
// Needs DATABASE_URL (CI sets it); skipped otherwise.
import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../apps/api/src/context.ts';
import { MINUTE, type OffsetClock } from '../apps/api/src/lib/clock.ts';
import { reconcileStalePayments } from '../apps/api/src/modules/charges/reconcile.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { createDueSubscriptions, createMonthlyPrice } from '../apps/api/test/factories/subscriptions.ts';
import { createUser } from '../apps/api/test/factories/users.ts';
import { describeOnPostgres, openProcessGroup, type ProcessGroup } from './support/process-group.ts';

const SUBSCRIPTIONS = 1_000;
/** Ticks each of the three processes runs at once: 20 in all. */
const TICKS = ['7', '7', '6'];
/** The killed process goes down once this many periods are invoiced (mid-batch). */
const KILL_AFTER = 150;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeOnPostgres('renewals on three API processes, one killed', () => {
  let group: ProcessGroup;
  let ctx: AppContext;
  let clock: OffsetClock;
  let merchantId: string;

  beforeAll(async () => {
    group = await openProcessGroup({
      name: 'renewals3',
      secret: 'renewals-three-shared-root-secret-0123456789',
      // Seven ticks at once each hold a connection while they claim or settle: room for them and the
      // requests beside them.
      env: { DATABASE_POOL_SIZE: '10' },
    });
    // This process migrates the database and seeds the due subscriptions before any API process
    // starts, so that their first ticks find all 1,000 at once.
    ({ ctx, clock } = await group.local());
    const merchant = await createMerchant(ctx.db, { name: 'Three Renewals Ltd', phone: '+14155550123' });
    merchantId = merchant.id;
    await createUser(ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId });
    const product = await createProduct(ctx.db, merchantId);
    const price = await createMonthlyPrice(ctx.db, merchantId, product.id);
    await createDueSubscriptions(ctx.db, { merchantId, priceId: price.id, count: SUBSCRIPTIONS, now: new Date() });
  }, 120_000);

  afterAll(() => group?.close());

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
  }, 900_000);
});
