// Faults on PostgreSQL: the database cuts the server's connections in the middle of a payment stream
// (twice), and the server is killed with SIGKILL mid-stream and started again. Afterwards the server
// (or its replacement) serves, every payment a buyer was told succeeded is captured exactly once,
// nothing is captured twice, and reconciliation leaves nothing in `processing`.
// Needs DATABASE_URL (CI sets it); skipped otherwise.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../apps/api/src/bootstrap.ts';
import { readConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { checkoutSessions, transactions } from '../apps/api/src/db/schema.ts';
import { reconcileStalePayments } from '../apps/api/src/modules/charges/reconcile.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { adminUrl, withDatabase } from '../apps/api/test/pg-url.ts';
import { buyerAddress, type Outcome, postJson } from './support/loopback-client.ts';
import { type KassaServer, SHARED_PUBLIC_URL, startServer } from './support/server.ts';

const BASE_URL = process.env.DATABASE_URL;
const SECRET = 'fault-suite-shared-root-secret-0123456789abcdef';
const billing = {
  firstName: 'Grace',
  lastName: 'Hopper',
  emailAddress: 'grace@example.com',
  address: { line1: '1 Harbor Way', city: 'Arlington', state: 'VA', zipCode: '22201', country: 'US' },
};
const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

describe.skipIf(!BASE_URL)(
  `faults during payments on PostgreSQL${BASE_URL ? '' : ' — skipped: set DATABASE_URL to run it'}`,
  () => {
    const dbName = `kassa_faults_${process.pid}`;
    const dbUrl = BASE_URL ? withDatabase(BASE_URL, dbName) : '';
    let db: Database;
    let admin: Database;
    let productId: string;
    let buyer = 0;
    const servers: KassaServer[] = [];

    const start = async () => {
      const server = await startServer({ env: { DATABASE_URL: dbUrl, KASSA_SECRET_KEY: SECRET } });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      admin = await openDatabase({ url: adminUrl(BASE_URL!) });
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
      const first = await start(); // migrates the database
      db = await openDatabase({ url: dbUrl });
      const merchant = await createMerchant(db.db, { name: 'Fault Outfitters' });
      productId = (await createProduct(db.db, merchant.id, { pricePerUnit: 1_234 })).id;
      await first.stop();
    });

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db?.close();
      await admin?.query(`drop database if exists ${dbName} with (force)`);
      await admin?.close();
    });

    /** One buyer: a checkout token and a charge, from an address of its own. */
    async function pay(server: () => KassaServer): Promise<{ token?: Outcome; charge?: Outcome }> {
      buyer += 1;
      const address = buyerAddress(buyer);
      const token = await postJson(
        `${server().url}/apiv1/product/get-checkout-token/${productId}/`,
        { quantity: 1 },
        address,
      );
      if ('error' in token) await new Promise((r) => setTimeout(r, 250)); // the server is down: do not spin
      if ('error' in token || token.status !== 200) return { token };
      const charge = await postJson(
        `${server().url}/apiv1/pay/charge/`,
        { token: token.body?.result?.token_card, method: 'card', card, billing },
        address,
      );
      return { token, charge };
    }

    /** `total` payments, `concurrency` at a time, while `disturb` runs beside them. */
    async function paymentStream(
      server: () => KassaServer,
      total: number,
      concurrency: number,
      disturb: () => Promise<void>,
    ) {
      const outcomes: { token?: Outcome; charge?: Outcome }[] = [];
      let next = 0;
      const worker = async () => {
        while (next < total) {
          next += 1;
          outcomes.push(await pay(server));
        }
      };
      await Promise.all([...Array.from({ length: concurrency }, worker), disturb()]);
      return outcomes;
    }

    const capturedIdsSeenByBuyers = (outcomes: { charge?: Outcome }[]) =>
      outcomes.flatMap(({ charge }) =>
        charge && !('error' in charge) && charge.status === 200 && charge.body?.result?.status === 'capture_succeeded'
          ? [String(charge.body.result.id)]
          : [],
      );

    /** Every answer the server gave is a proper answer: the envelope, and never a 500 for a client's request. */
    function expectCleanAnswers(outcomes: { token?: Outcome; charge?: Outcome }[]) {
      for (const o of [...outcomes.map((x) => x.token), ...outcomes.map((x) => x.charge)]) {
        if (!o || 'error' in o) continue;
        expect(o.body?.status, JSON.stringify(o.body)).toBe(o.status === 200 ? 'success' : 'error');
        expect(o.status === 500, JSON.stringify(o.body)).toBe(false);
      }
    }

    async function reconcile() {
      const ctx = await createContext(
        readConfig({
          DATABASE_URL: dbUrl,
          KASSA_SECRET_KEY: SECRET,
          KASSA_DATA_DIR: mkdtempSync(join(tmpdir(), 'kassa-reconcile-')),
          PUBLIC_URL: SHARED_PUBLIC_URL,
        }),
      );
      try {
        await reconcileStalePayments(ctx, 0);
      } finally {
        await ctx.database.close();
      }
    }

    async function expectMoneyConsistent(seenCaptured: string[]) {
      await reconcile();
      const processing = await db.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.status, 'processing'));
      expect(processing).toEqual([]);
      if (seenCaptured.length > 0) {
        const rows = await db.db
          .select({ id: transactions.id, status: transactions.status, captured: transactions.capturedAmount })
          .from(transactions)
          .where(inArray(transactions.id, seenCaptured));
        expect(rows).toHaveLength(seenCaptured.length);
        for (const row of rows) expect(row).toMatchObject({ status: 'capture_succeeded', captured: 1_234 });
      }
      // Nothing captured twice: one checkout session, at most one captured payment.
      const twice = await db.db
        .select({ session: transactions.checkoutSessionId, n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(eq(transactions.status, 'capture_succeeded'))
        .groupBy(transactions.checkoutSessionId)
        .having(sql`count(*) > 1`);
      expect(twice).toEqual([]);
      // A completed checkout has its captured payment, and a captured payment completed its checkout.
      const orphans = await db.db
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .leftJoin(
          transactions,
          and(eq(transactions.checkoutSessionId, checkoutSessions.id), eq(transactions.status, 'capture_succeeded')),
        )
        .where(sql`(${checkoutSessions.status} = 'completed') <> (${transactions.id} is not null)`);
      expect(orphans).toEqual([]);
    }

    it('keeps serving while PostgreSQL terminates its connections mid-stream, twice', async () => {
      const server = await start();
      let terminated = 0;
      const disturb = async () => {
        for (const delay of [700, 1_500]) {
          await new Promise((r) => setTimeout(r, delay));
          const rows = await admin.query<{ ok: boolean }>(
            'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [dbName],
          );
          terminated += rows.filter((r) => r.ok).length;
        }
      };
      const outcomes = await paymentStream(() => server, 80, 8, disturb);

      expect(terminated).toBeGreaterThan(0);
      expect(server.isAlive(), server.readLog().slice(-3_000)).toBe(true);
      expectCleanAnswers(outcomes);
      // The server answered every request (no dropped sockets): failures were envelopes.
      expect(outcomes.filter((o) => (o.token && 'error' in o.token) || (o.charge && 'error' in o.charge))).toEqual([]);
      const seen = capturedIdsSeenByBuyers(outcomes);
      expect(seen.length).toBeGreaterThan(0);
      // After the faults, payments go through again.
      const after = await pay(() => server);
      expect(after.charge && !('error' in after.charge) && after.charge.body?.result?.status).toBe('capture_succeeded');
      await expectMoneyConsistent(seen);
    });

    it('loses no captured payment and captures nothing twice when the server is killed -9 and restarted', async () => {
      let current = await start();
      let killed = false;
      const disturb = async () => {
        await new Promise((r) => setTimeout(r, 1_200));
        await current.kill();
        killed = true;
        current = await start(); // a fresh process on the same database
      };
      const outcomes = await paymentStream(() => current, 60, 6, disturb);

      expect(killed).toBe(true);
      expect(current.isAlive()).toBe(true);
      expectCleanAnswers(outcomes);
      const seen = capturedIdsSeenByBuyers(outcomes);
      expect(seen.length).toBeGreaterThan(0);
      await expectMoneyConsistent(seen);
    });
  },
);
