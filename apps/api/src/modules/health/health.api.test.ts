import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { sharedConnectionsFor } from '../../db/client.ts';
import type { SharingPool } from '../../db/sharing-pool.ts';

const t = await buildTestApp();
afterAll(() => t.close());

describe('GET /apiv1/health/', () => {
  it('reports the database reachable and every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', result: { database: 'ok', migrations: 'current' } });
  });

  it('answers an unknown API path with the error envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('sends the security headers on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('adds HSTS only when the request came over https, as told by a trusted proxy', async () => {
    const tlsHeaders = { 'x-forwarded-proto': 'https' };
    const plain = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without KASSA_TRUSTED_PROXIES a client's own X-Forwarded-Proto says nothing.
    const untrusted = await t.app.inject({ method: 'GET', url: '/apiv1/health/', headers: tlsHeaders });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp({ KASSA_TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const tls = await proxied.app.inject({ method: 'GET', url: '/apiv1/health/', headers: tlsHeaders });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});

describe('the Kubernetes probes, GET /apiv1/health/live/ and /apiv1/health/ready/', () => {
  const unavailable = (message: string) => ({
    status: 'error',
    request_id: expect.any(String),
    code: 'unavailable',
    message,
  });

  it('live says the process runs; ready says the database answers and every migration is applied', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/apiv1/health/live/' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'success', result: { process: 'running' } });
    const ready = await t.app.inject({ method: 'GET', url: '/apiv1/health/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'success', result: { database: 'ok', migrations: 'current' } });
  });

  it('ready answers 503 from the moment the process drains, live still 200', async () => {
    t.ctx.lifecycle = { draining: true };
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/apiv1/health/ready/' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('1');
      expect(ready.json()).toEqual(unavailable('This process is shutting down; send requests to another.'));
      expect((await t.app.inject({ method: 'GET', url: '/apiv1/health/live/' })).statusCode).toBe(200);
    } finally {
      t.ctx.lifecycle = undefined;
    }
  });

  it('ready answers 503 while the database lacks a migration this process ships', async () => {
    const behind = await buildTestApp();
    try {
      await behind.ctx.database.query(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      const ready = await behind.app.inject({ method: 'GET', url: '/apiv1/health/ready/' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(unavailable('The database has migrations this process has not applied yet.'));
    } finally {
      await behind.close();
    }
  });
});

describe.runIf(process.env.KASSA_TEST_DB === 'postgres')(
  'GET /apiv1/health/ while no database connection comes',
  () => {
    it('answers "database unavailable" within KASSA_HEALTH_TIMEOUT_MS, other requests fail with 503 within DATABASE_CONNECT_TIMEOUT_MS, and both recover', async () => {
      const held = await buildTestApp({ KASSA_HEALTH_TIMEOUT_MS: '300', DATABASE_CONNECT_TIMEOUT_MS: '1500' });
      const pool = (held.ctx.db as unknown as { $client: SharingPool }).$client;
      await pool.openShared();
      const clients: pg.PoolClient[] = [];
      try {
        // Every connection of the pool is taken, and every connection the statements of fixed text share
        // has one unanswered for longer than the pool waits: as by requests stuck on a database that went away.
        for (let i = 0; i < held.ctx.config.databasePoolSize; i += 1) clients.push(await pool.connect());
        const stuck = Array.from({ length: sharedConnectionsFor(held.ctx.config.databasePoolSize) }, () =>
          pool.query({ name: 'stuck_statement', text: 'select pg_sleep($1::float8)' }, [3]),
        );
        await new Promise((resolve) => setTimeout(resolve, 1_600));
        let started = Date.now();
        const health = await held.app.inject({ method: 'GET', url: '/apiv1/health/' });
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({
          status: 'error',
          request_id: expect.any(String),
          code: 'unavailable',
          message: 'The database is unavailable.',
        });

        started = Date.now();
        const token = await held.app.inject({
          method: 'POST',
          url: `/apiv1/product/get-checkout-token/${crypto.randomUUID()}/`,
          payload: { quantity: 1 },
        });
        expect(Date.now() - started).toBeLessThan(4_000);
        expect(token.statusCode).toBe(503);
        expect(token.json()).toMatchObject({ status: 'error', code: 'unavailable' });
        const ready = await held.app.inject({ method: 'GET', url: '/apiv1/health/ready/' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ code: 'unavailable', message: 'The database is unavailable.' });
        expect((await held.app.inject({ method: 'GET', url: '/apiv1/health/live/' })).statusCode).toBe(200);

        // The database is back: the next requests are served, with no restart.
        for (const client of clients.splice(0)) client.release();
        await Promise.all(stuck);
        const again = await held.app.inject({ method: 'GET', url: '/apiv1/health/' });
        expect(again.json()).toEqual({ status: 'success', result: { database: 'ok', migrations: 'current' } });
      } finally {
        for (const client of clients) client.release();
        await held.close();
      }
    });
  },
);
