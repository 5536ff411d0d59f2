// The database goes silent — a network partition: the sockets stay open and nothing comes back — and
// then returns. Requests must not wait for ever on a connection that will never answer: each fails
// with 503 within the pool's bounds, the health check says "database unavailable" within its own, and
// once the database is reachable again the next requests are served, with no restart
// (docs/decisions/0019-bounded-waits-on-the-database.md). PostgreSQL only: the API reaches it through a
// TCP relay the test can cut.
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createMerchant } from '../../test/factories/merchants.ts';
import { createProduct } from '../../test/factories/sellables.ts';
import { testDns } from '../../test/helper.ts';
import { withDatabase } from '../../test/pg-url.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { OffsetClock } from '../lib/clock.ts';
import { deriveKeys } from '../lib/keys.ts';
import { MemoryMailer } from '../lib/mailer.ts';
import { createProviderResolver } from '../lib/providers.ts';
import { type Database, openDatabase } from './client.ts';

const onPostgres = process.env.KASSA_TEST_DB === 'postgres';
/**
 * This file's own port: the relay. 31100–31199 are kept for tests that listen: below Linux's ephemeral
 * range (32768–60999), so no outgoing connection of a test running beside it can hold the port.
 */
const RELAY_PORT = 31_133;

/** A TCP relay to PostgreSQL that can go silent: while cut, bytes in both directions are dropped. */
function relayTo(target: URL) {
  let cut = false;
  const relay: Server = createServer((client: Socket) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    const pass = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (!cut) to.write(chunk);
      });
    pass(client, server);
    pass(server, client);
    for (const [a, b] of [
      [client, server],
      [server, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  return {
    listen: () => new Promise<void>((ok) => relay.listen(RELAY_PORT, '127.0.0.1', ok)),
    cut: (isCut: boolean) => {
      cut = isCut;
    },
    close: () => new Promise<void>((ok) => relay.close(() => ok())),
  };
}

describe.skipIf(!onPostgres)('a database that goes silent and comes back', () => {
  const relay = onPostgres ? relayTo(new URL(process.env.DATABASE_URL!)) : undefined;
  let made: { database: Database; drop: () => Promise<void> };
  let database: Database;
  let app: FastifyInstance;
  let productId: string;

  beforeAll(async () => {
    await relay!.listen();
    made = await createTestDatabase();
    const [{ name }] = (await made.database.query<{ name: string }>('select current_database() as name')) as [
      { name: string },
    ];
    const merchant = await createMerchant(made.database.db, { name: 'Partition Outfitters' });
    productId = (await createProduct(made.database.db, merchant.id)).id;
    const relayed = new URL(withDatabase(process.env.DATABASE_URL!, name));
    relayed.hostname = '127.0.0.1';
    relayed.port = String(RELAY_PORT);
    const config = readConfig({
      KASSA_DATA_DIR: mkdtempSync(join(tmpdir(), 'kassa-outage-')),
      PUBLIC_URL: 'http://kassa.test',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '500',
    });
    database = await openDatabase({
      url: relayed.toString(),
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
    const clock = new OffsetClock();
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      keys: deriveKeys('test-root-secret-0123456789abcdef0123456789'),
      mailer: new MemoryMailer(),
      clock,
      providers: createProviderResolver(config.publicUrl, clock, config.processorEndpoints),
      dns: testDns,
    };
    app = await buildApp(ctx);
    await app.ready();
  });

  afterAll(async () => {
    relay?.cut(false);
    await app?.close();
    await database?.close();
    await relay?.close();
    await made?.drop();
  });

  const health = () => app.inject({ method: 'GET', url: '/apiv1/health/' });
  const openCheckout = () =>
    app.inject({ method: 'POST', url: `/apiv1/product/get-checkout-token/${productId}/`, payload: { quantity: 1 } });

  /** The answer, and how long it took; a request that would hang fails the test at `limitMs`. */
  async function timed<T>(limitMs: number, work: () => Promise<T>): Promise<{ answer: T; ms: number }> {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
    });
    try {
      const answer = await Promise.race([work(), hung]);
      return { answer, ms: Date.now() - started };
    } finally {
      clearTimeout(timer);
    }
  }

  it('fails requests with 503 within the bounds while it is silent, and serves again once it answers', {
    timeout: 60_000,
  }, async () => {
    expect((await openCheckout()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);

    relay!.cut(true);
    const during = await timed(2_500, health);
    expect(during.answer.statusCode).toBe(503);
    expect(during.answer.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      code: 'unavailable',
      message: 'The database is unavailable.',
    });
    // A pooled connection that sent its statement into the silence: the driver gives up at the
    // statement timeout plus its margin and closes it; a new connection fails at the connect timeout.
    for (let i = 0; i < 3; i += 1) {
      const request = await timed(15_000, openCheckout);
      expect(request.answer.statusCode, request.answer.body).toBe(503);
      expect(request.answer.json()).toMatchObject({ status: 'error', code: 'unavailable' });
      expect(request.ms).toBeLessThan(8_000);
    }

    relay!.cut(false);
    // The next requests find the database again: dead connections were closed, new ones open.
    const until = Date.now() + 10_000;
    let back = await timed(15_000, openCheckout);
    while (back.answer.statusCode !== 200 && Date.now() < until) back = await timed(15_000, openCheckout);
    expect(back.answer.statusCode, back.answer.body).toBe(200);
    expect((await timed(2_500, health)).answer.json()).toEqual({
      status: 'success',
      result: { database: 'ok', migrations: 'current' },
    });
  });
});
