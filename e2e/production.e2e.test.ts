// docs/ARCHITECTURE.md#processes-in-production, with real server processes: the embedded database
// refuses a second process (`npm run demo` beside `npm start`), processes starting together on one
// PostgreSQL database all come up and one with another PUBLIC_URL refuses, and SIGTERM during
// payment streams answers every request the process accepted before it exits 0.
// The PostgreSQL parts need DATABASE_URL (CI sets it); skipped otherwise.
import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { transactions } from '../apps/api/src/db/schema.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { adminUrl, withDatabase } from '../apps/api/test/pg-url.ts';
import { buyerAddress, type Outcome, postJson } from './support/loopback-client.ts';
import { type KassaServer, runDemo, startServer } from './support/server.ts';

const BASE_URL = process.env.DATABASE_URL;
const SECRET = 'production-suite-shared-root-secret-0123456789';
const billing = {
  firstName: 'Grace',
  lastName: 'Hopper',
  emailAddress: 'grace@example.com',
  address: { line1: '1 Harbor Way', city: 'Arlington', state: 'VA', zipCode: '22201', country: 'US' },
};
const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const servers: KassaServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));

describe('the embedded database, held by a running server', () => {
  it('refuses `npm run demo` beside it with what to do, and the server keeps its data', async () => {
    const server = await startServer();
    servers.push(server);
    const demo = await runDemo(server.env);
    expect(demo.code).toBe(1);
    const output = readFileSync(demo.logFile, 'utf8');
    expect(output).toContain('Kassa did not start: the embedded database in');
    expect(output).toContain('is open in another process');
    expect(output).toContain('stop that process (Ctrl+C in its terminal), run this again');
    expect(output).not.toContain('Demo data loaded');
    const ready = await fetch(`${server.url}/apiv1/health/ready/`);
    expect(ready.status).toBe(200);
  }, 240_000);
});

describe.skipIf(!BASE_URL)(
  `API processes on one PostgreSQL database${BASE_URL ? '' : ' — skipped: set DATABASE_URL to run it'}`,
  () => {
    const dbName = `kassa_ops_prod_${process.pid}`;
    const dbUrl = BASE_URL ? withDatabase(BASE_URL, dbName) : '';
    let admin: Database;
    let db: Database | undefined;

    beforeAll(async () => {
      admin = await openDatabase({ url: adminUrl(BASE_URL!) });
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
    });

    afterAll(async () => {
      await Promise.all(servers.splice(0).map((s) => s.stop()));
      await db?.close();
      await admin?.query(`drop database if exists ${dbName} with (force)`);
      await admin?.close();
    });

    it('three processes started at the same moment on an empty database all come up; one with another PUBLIC_URL refuses', async () => {
      const env = { DATABASE_URL: dbUrl, KASSA_SECRET_KEY: SECRET };
      const started = await Promise.all([1, 2, 3].map(() => startServer({ env })));
      servers.push(...started);
      for (const server of started) expect((await fetch(`${server.url}/apiv1/health/ready/`)).status).toBe(200);
      const admins = started.filter((s) => s.readLog().includes('First admin: admin@kassa.local'));
      expect(admins).toHaveLength(1);

      const refused = await startServer({ env: { ...env, PUBLIC_URL: 'https://elsewhere.example.com' } }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refused).toContain('The server exited before it was healthy');
      expect(refused).toContain(
        'Kassa did not start: PUBLIC_URL differs from the value the other Kassa processes on this database run with.',
      );
    }, 240_000);

    it('SIGTERM during 8 parallel payment streams: ready turns 503 at once, every request is answered, then the process exits 0', async () => {
      await Promise.all(servers.splice(0).map((s) => s.stop()));
      // Migrated by the first test's processes, or by this server when run alone.
      const server = await startServer({
        env: { DATABASE_URL: dbUrl, KASSA_SECRET_KEY: SECRET, KASSA_DRAIN_DELAY_MS: '4000' },
      });
      servers.push(server);
      db = await openDatabase({ url: dbUrl });
      const merchant = await createMerchant(db.db, { name: 'Drain Outfitters' });
      const productId = (await createProduct(db.db, merchant.id, { pricePerUnit: 1_234 })).id;

      // A load balancer: asks /health/ready/ every 100 ms and sends no new payment once it fails.
      let inRotation = true;
      let readyAnswers: number[] = [];
      const balancer = (async () => {
        while (inRotation) {
          const probe = await fetch(`${server.url}/apiv1/health/ready/`).then(
            (res) => res.status,
            () => 0,
          );
          readyAnswers.push(probe);
          if (probe !== 200) inRotation = false;
          else await new Promise((r) => setTimeout(r, 100));
        }
      })();

      let buyer = 0;
      const outcomes: Outcome[] = [];
      const captured: string[] = [];
      // Each request on a connection of its own, as a balancer's would be.
      const send = async (path: string, body: unknown, address: string) => {
        const outcome = await postJson(`${server.url}/apiv1${path}`, body, address, 30_000, true);
        outcomes.push(outcome);
        return outcome;
      };
      const stream = async () => {
        while (inRotation) {
          buyer += 1;
          const address = buyerAddress(buyer);
          const token = await send(`/product/get-checkout-token/${productId}/`, { quantity: 1 }, address);
          if ('error' in token || token.status !== 200) continue;
          const charge = await send(
            '/pay/charge/',
            { token: token.body?.result?.token_card, method: 'card', card, billing },
            address,
          );
          if (!('error' in charge) && charge.status === 200) captured.push(String(charge.body?.result?.id));
        }
      };
      const streams = Array.from({ length: 8 }, stream);
      await expect.poll(() => captured.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(16);
      readyAnswers = [];
      const answeredBefore = outcomes.length;
      const signalled = Date.now();
      const exit = server.signal('SIGTERM');
      await Promise.all([...streams, balancer]);
      // The balancer saw 503 (not a refused connection), well before the drain delay was over.
      expect(readyAnswers.at(-1)).toBe(503);
      expect(Date.now() - signalled).toBeLessThan(4_000);
      expect(await exit).toBe(0);
      // Requests were in flight when the signal came, and every request got its answer.
      expect(outcomes.length).toBeGreaterThan(answeredBefore);
      expect(outcomes.filter((o) => 'error' in o)).toEqual([]);
      for (const o of outcomes) if (!('error' in o)) expect(o.status, JSON.stringify(o.body)).toBe(200);
      expect(server.readLog()).toContain('SIGTERM: draining; new connections are refused in 4000 ms');
      expect(server.readLog()).not.toMatch(/Shutdown: .* failed|not finished within/);
      // Now the port refuses connections.
      expect(
        await fetch(`${server.url}/apiv1/health/live/`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      // Every payment a buyer was told succeeded is captured.
      const rows = await db.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(inArray(transactions.id, captured), eq(transactions.status, 'capture_succeeded')));
      expect(rows).toHaveLength(captured.length);
    }, 240_000);
  },
);
