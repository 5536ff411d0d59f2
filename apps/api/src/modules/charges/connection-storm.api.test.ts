// Payments while PostgreSQL terminates every connection of the API again and again (a failover, an
// operator's pg_terminate_backend, a proxy cutting idle sockets). The API runs on a real port with its
// background workers, eight buyers pay in a loop, and every backend of the API's database is
// terminated every 250–400 ms. Afterwards the API must answer at once (health, new payments), not a
// request may have hung, reconciliation leaves nothing `processing`, and no payment is doubled or lost
// (docs/ARCHITECTURE.md "The payment path"). PostgreSQL only: PGlite has no connections to cut.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { adminUrl } from '../../../test/pg-url.ts';
import { billing } from '../../../test/support/buyer.ts';
import { testCard } from '../../../test/support/checkout.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { checkoutSessions, transactions } from '../../db/schema.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { reconcileStalePayments } from './reconcile.ts';

const onPostgres = process.env.KASSA_TEST_DB === 'postgres';
/**
 * This file's own port. 31100–31199 are kept for tests that listen: below Linux's ephemeral
 * range (32768–60999), so no outgoing connection of a test running beside it can hold the port.
 */
const PORT = 31_131;
const BUYERS = 8;
/** Longer than any request may take once the pool's timeouts hold; a request past it hung. */
const REQUEST_LIMIT_MS = 15_000;

interface Answer {
  status: number;
  body: { status?: string; code?: string; message?: string; result?: Record<string, unknown> } | null;
}
type Outcome = Answer | { hung: true } | { failed: string };

describe.skipIf(!onPostgres)('payments while PostgreSQL keeps terminating the API’s connections', () => {
  let t: TestApp;
  let admin: Database;
  let dbName: string;
  let productId: string;
  let stopJobs: () => Promise<void> = async () => {};
  let buyer = 0;
  /** The pool's connections checked out now, by its public acquire/release/remove events. */
  // One entry per checkout: a client given back and taken again is a new checkout, with a new entry.
  const checkedOut = new Map<pg.PoolClient, object>();
  const base = `http://127.0.0.1:${PORT}/apiv1`;

  beforeAll(async () => {
    // Each buyer's address comes through X-Forwarded-For from this trusted loopback client: the
    // charge's rate limit is per address, as in production.
    t = await buildTestApp({ KASSA_TRUSTED_PROXIES: '127.0.0.1' });
    [{ name: dbName }] = (await t.ctx.database.query<{ name: string }>('select current_database() as name')) as [
      { name: string },
    ];
    const merchant = await createMerchant(t.ctx.db, { name: 'Storm Outfitters' });
    productId = (await createProduct(t.ctx.db, merchant.id, { pricePerUnit: 1_234 })).id;
    admin = await openDatabase({ url: adminUrl(process.env.DATABASE_URL!) });
    const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
    pool.on('acquire', (client) => checkedOut.set(client, {}));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('remove', (client) => checkedOut.delete(client));
    stopJobs = await startBackgroundJobs(t.ctx, () => {});
    await t.app.listen({ port: PORT, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await stopJobs();
    await admin?.close();
    await t?.close();
  });

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, address?: string): Promise<Outcome> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(address ? { 'x-forwarded-for': address } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      const text = await res.text();
      let parsed: Answer['body'] = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return { hung: true };
      return { failed: (error as Error).message };
    }
  }

  /** One buyer: a checkout token, then a charge, from an address of its own. */
  async function pay(): Promise<{ token: Outcome; charge?: Outcome }> {
    buyer += 1;
    const address = `10.77.${Math.floor(buyer / 250) % 250}.${1 + (buyer % 250)}`;
    const token = await call('POST', `/product/get-checkout-token/${productId}/`, { quantity: 1 }, address);
    if (!('status' in token) || token.status !== 200) return { token };
    const charge = await call(
      'POST',
      '/pay/charge/',
      { token: token.body?.result?.token_card, method: 'card', card: testCard(), billing },
      address,
    );
    return { token, charge };
  }

  const terminateAll = async () =>
    (
      await admin.query<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      )
    ).filter((r) => r.ok).length;

  /**
   * BUYERS buyers pay in a loop while every backend of the API's database is terminated `rounds`
   * times, a pause from `pauseMs` apart; the buyers stop with the last termination.
   */
  async function storm(rounds: number, pauseMs: () => number) {
    const outcomes: { token: Outcome; charge?: Outcome }[] = [];
    let stormy = true;
    let terminated = 0;
    const buyers = Array.from({ length: BUYERS }, async () => {
      while (stormy) outcomes.push(await pay());
    });
    for (let round = 0; round < rounds; round += 1) {
      await new Promise((r) => setTimeout(r, pauseMs()));
      terminated += await terminateAll();
    }
    const lastTermination = Date.now();
    stormy = false;
    return { outcomes, terminated, lastTermination, buyers: Promise.all(buyers) };
  }

  /** The health check answers "ok" within `withinMs` of `since`. */
  async function expectHealthyWithin(since: number, withinMs: number) {
    let last: Outcome | undefined;
    while (Date.now() - since < withinMs) {
      last = await call('GET', '/health/');
      if ('status' in last && last.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(last && 'status' in last ? last.body : last).toEqual({
      status: 'success',
      result: { database: 'ok', migrations: 'current' },
    });
    expect(Date.now() - since).toBeLessThan(withinMs);
  }

  /**
   * Every checkout open now ends within a few seconds: the workers take a connection only for a short
   * statement or transaction, and one checked out for good (a connection a failed path never gave back)
   * would stay out forever. The pool need not be idle at any one moment, nor a client ever seen free:
   * after a storm the notification worker drains the receipts the payments queued, statement after
   * statement on the client it was just given back, and each of those is a checkout of its own.
   */
  async function expectNoConnectionKept() {
    const out = [...checkedOut.values()];
    const stillOut = () => new Set(checkedOut.values());
    const until = Date.now() + 10_000;
    while (out.some((c) => stillOut().has(c)) && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    const now = stillOut();
    expect({ checkedOutAtStart: out.length, stillOut: out.filter((c) => now.has(c)).length }).toMatchObject({
      stillOut: 0,
    });
  }

  const capturedSeen = (outcomes: { charge?: Outcome }[]) =>
    outcomes.flatMap(({ charge }) =>
      charge && 'status' in charge && charge.status === 200 && charge.body?.result?.status === 'capture_succeeded'
        ? [String(charge.body.result.id)]
        : [],
    );

  /** After a storm: nothing hung, every answer an envelope, and the money as the buyers were told. */
  async function expectServedAndConsistent(outcomes: { token: Outcome; charge?: Outcome }[]) {
    const answers = outcomes.flatMap(({ token, charge }) => (charge ? [token, charge] : [token]));
    expect(answers.filter((a) => 'hung' in a)).toEqual([]);
    // The server answered every request: no connection to it was dropped.
    expect(answers.filter((a) => 'failed' in a)).toEqual([]);
    for (const a of answers) {
      if (!('status' in a)) continue;
      expect(a.body?.status, JSON.stringify(a.body)).toBe(a.status === 200 ? 'success' : 'error');
      expect([200, 409, 503], JSON.stringify(a.body)).toContain(a.status);
    }
    // After the storm a payment goes through at once.
    const after = await pay();
    expect(after.charge && 'status' in after.charge ? after.charge.body?.result?.status : after).toBe(
      'capture_succeeded',
    );
    // One reconciliation pass settles whatever the storm left undecided.
    await reconcileStalePayments(t.ctx, 0);
    const db = t.ctx.db;
    expect(
      await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.status, 'processing')),
    ).toEqual([]);
    // Not lost: every payment a buyer was told was captured is captured, once.
    const seen = [...capturedSeen(outcomes), ...capturedSeen([after])];
    expect(seen.length).toBeGreaterThan(0);
    const rows = await db
      .select({ id: transactions.id, status: transactions.status, captured: transactions.capturedAmount })
      .from(transactions)
      .where(inArray(transactions.id, seen));
    expect(rows).toHaveLength(seen.length);
    for (const row of rows) expect(row).toMatchObject({ status: 'capture_succeeded', captured: 1_234 });
    // Not doubled: one captured payment per checkout, and a completed checkout has exactly that one.
    const twice = await db
      .select({ session: transactions.checkoutSessionId, n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.status, 'capture_succeeded'))
      .groupBy(transactions.checkoutSessionId)
      .having(sql`count(*) > 1`);
    expect(twice).toEqual([]);
    const orphans = await db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .leftJoin(
        transactions,
        and(eq(transactions.checkoutSessionId, checkoutSessions.id), eq(transactions.status, 'capture_succeeded')),
      )
      .where(sql`(${checkoutSessions.status} = 'completed') <> (${transactions.id} is not null)`);
    expect(orphans).toEqual([]);
  }

  it('recovers after each of four short storms (25 terminations, 250–400 ms apart)', { timeout: 150_000 }, async () => {
    for (let run = 0; run < 4; run += 1) {
      const { outcomes, terminated, lastTermination, buyers } = await storm(25, () => 250 + Math.random() * 150);
      expect(terminated).toBeGreaterThan(0);
      await expectHealthyWithin(lastTermination, 2_000);
      await buyers;
      await expectNoConnectionKept();
      await expectServedAndConsistent(outcomes);
    }
  });

  it('answers within 2 s after 60 s of terminations every 250 ms, and loses nothing', {
    timeout: 150_000,
  }, async () => {
    const { outcomes, terminated, lastTermination, buyers } = await storm(240, () => 250);
    expect(terminated).toBeGreaterThan(0);
    await expectHealthyWithin(lastTermination, 2_000);
    await buyers;
    await expectNoConnectionKept();
    await expectServedAndConsistent(outcomes);
  });
});
