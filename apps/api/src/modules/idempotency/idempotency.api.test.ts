import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { deriveKeys } from '../../lib/keys.ts';
import { claimKey } from './idempotency.queries.ts';
import {
  IDEMPOTENCY_LEASE_MS,
  parseIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  requestHash,
  runIdempotent,
} from './idempotency.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ref = (key: string, scope = 'merchant-a') => ({ scope, endpoint: 'POST /test/', key });
const ok = (body: unknown) => async () => ({ status: 201, body });

describe('runIdempotent', () => {
  it('runs the handler every time when no key is given', async () => {
    let runs = 0;
    const handler = async () => ({ status: 200, body: ++runs });
    await runIdempotent(t.ctx, null, {}, handler);
    await runIdempotent(t.ctx, null, {}, handler);
    expect(runs).toBe(2);
  });

  it('replays the first response for the same key and body, without running again', async () => {
    let runs = 0;
    const handler = async () => ({ status: 201, body: { id: `tx-${++runs}` } });
    const first = await runIdempotent(t.ctx, ref('k1'), { amount: 100, currency: 'USD' }, handler);
    const again = await runIdempotent(t.ctx, ref('k1'), { currency: 'USD', amount: 100 }, handler);
    expect(runs).toBe(1);
    expect(first).toEqual({ status: 201, body: { id: 'tx-1' }, replayed: false });
    expect(again).toEqual({ status: 201, body: { id: 'tx-1' }, replayed: true });
  });

  it('refuses the same key with another body with 422', async () => {
    await runIdempotent(t.ctx, ref('k2'), { amount: 100 }, ok({}));
    await expect(runIdempotent(t.ctx, ref('k2'), { amount: 200 }, ok({}))).rejects.toMatchObject({
      code: 'business_rule',
      statusCode: 422,
    });
  });

  it('answers 409 while the first request with the key is still running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = runIdempotent(t.ctx, ref('k3'), { a: 1 }, async () => {
      await gate;
      return { status: 200, body: 'done' };
    });
    await new Promise((r) => setTimeout(r, 50));
    await expect(runIdempotent(t.ctx, ref('k3'), { a: 1 }, ok('second'))).rejects.toMatchObject({ statusCode: 409 });
    release();
    expect((await slow).body).toBe('done');
    expect((await runIdempotent(t.ctx, ref('k3'), { a: 1 }, ok('third'))).body).toBe('done');
  });

  it('stores a business error as the answer and replays it', async () => {
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new AppError('business_rule', 'Refund exceeds the captured amount.');
    };
    await expect(runIdempotent(t.ctx, ref('k4'), {}, failing)).rejects.toThrow('Refund exceeds');
    const replay = await runIdempotent(t.ctx, ref('k4'), {}, failing);
    expect(runs).toBe(1);
    expect(replay).toMatchObject({ status: 422, replayed: true, body: { status: 'error', code: 'business_rule' } });
  });

  it('releases the key after an unexpected failure so the client can retry', async () => {
    await expect(
      runIdempotent(t.ctx, ref('k5'), {}, async () => {
        throw new Error('connection reset');
      }),
    ).rejects.toThrow('connection reset');
    expect((await runIdempotent(t.ctx, ref('k5'), {}, ok('retried'))).body).toBe('retried');
  });

  it('keeps keys apart per scope', async () => {
    await runIdempotent(t.ctx, ref('shared', 'merchant-a'), { x: 1 }, ok('a'));
    const other = await runIdempotent(t.ctx, ref('shared', 'merchant-b'), { x: 2 }, ok('b'));
    expect(other).toMatchObject({ body: 'b', replayed: false });
  });

  it('forgets a key after 24 hours', async () => {
    await runIdempotent(t.ctx, ref('k6'), { v: 1 }, ok('old'));
    t.clock.advance(25 * HOUR);
    const fresh = await runIdempotent(t.ctx, ref('k6'), { v: 2 }, ok('new'));
    expect(fresh).toMatchObject({ body: 'new', replayed: false });
  });

  it('lets the background purge drop keys past their 24 hours and keep the rest', async () => {
    await runIdempotent(t.ctx, ref('old-key', 'purge'), {}, ok('old'));
    t.clock.advance(25 * HOUR);
    await runIdempotent(t.ctx, ref('new-key', 'purge'), {}, ok('new'));
    await purgeExpiredIdempotencyKeys(t.ctx);
    const left = await t.ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((k) => k.key)).toContain('new-key');
    expect(left.map((k) => k.key)).not.toContain('old-key');
  });

  it('runs the handler once when many requests race with one key', async () => {
    await expectOneOfTwentyRuns('race');
  });
});

/**
 * Sends 20 requests at once with one key: the handler runs once, every other request either
 * replays its answer or is told 409 (the key is still held).
 */
async function expectOneOfTwentyRuns(key: string) {
  let runs = 0;
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      runIdempotent(t.ctx, ref(key), { amount: 500 }, async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
        return { status: 201, body: 'charged' };
      }),
    ),
  );
  expect(runs).toBe(1);
  for (const r of results) {
    if (r.status === 'fulfilled') expect(r.value.body).toBe('charged');
    else expect(r.reason).toMatchObject({ statusCode: 409 });
  }
}

describe('a request that never finished (the process died while it ran)', () => {
  /** What a crashed process leaves behind: the key claimed, no answer ever stored. */
  const crashWhileHolding = async (key: string, body: unknown) => {
    const now = t.clock.now();
    const hash = requestHash(t.ctx.keys.requestHashing, body);
    await claimKey(t.ctx.db, ref(key), hash, now, new Date(now.getTime() + IDEMPOTENCY_LEASE_MS));
  };

  it('holds its key only for the lease: 409 before, then the retry runs', async () => {
    await crashWhileHolding('crashed-1', { amount: 100 });
    await expect(runIdempotent(t.ctx, ref('crashed-1'), { amount: 100 }, ok('retried'))).rejects.toMatchObject({
      statusCode: 409,
    });
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
    const retry = await runIdempotent(t.ctx, ref('crashed-1'), { amount: 100 }, ok('retried'));
    expect(retry).toEqual({ status: 201, body: 'retried', replayed: false });
    // The retry's answer is kept for 24 hours like any other.
    t.clock.advance(IDEMPOTENCY_LEASE_MS * 10);
    expect(await runIdempotent(t.ctx, ref('crashed-1'), { amount: 100 }, ok('third'))).toMatchObject({
      body: 'retried',
      replayed: true,
    });
  });

  it('lets exactly one of 20 parallel retries take an expired lease (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const key = `crashed-race-${round}`;
      await crashWhileHolding(key, { amount: 500 });
      t.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
      await expectOneOfTwentyRuns(key);
    }
  });
});

describe('a key answered before request hashes were keyed', () => {
  it('still replays its answer to the same body, and refuses another body', async () => {
    const now = t.clock.now();
    await t.ctx.db.insert(idempotencyKeys).values({
      ...ref('unkeyed-1'),
      requestHash: createHash('sha256').update('{"amount":100,"currency":"USD"}').digest('base64url'),
      state: 'done',
      responseStatus: 201,
      responseBody: { id: 'tx-old' },
      expiresAt: new Date(now.getTime() + HOUR),
    });
    expect(await runIdempotent(t.ctx, ref('unkeyed-1'), { currency: 'USD', amount: 100 }, ok('again'))).toEqual({
      status: 201,
      body: { id: 'tx-old' },
      replayed: true,
    });
    await expect(
      runIdempotent(t.ctx, ref('unkeyed-1'), { amount: 200, currency: 'USD' }, ok('x')),
    ).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe('parseIdempotencyKey', () => {
  it('accepts visible ASCII up to 255 characters and refuses the rest with 400', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('order-42_retry.1')).toBe('order-42_retry.1');
    expect(() => parseIdempotencyKey('')).toThrow(/Idempotency-Key/);
    expect(() => parseIdempotencyKey('has space')).toThrow(/Idempotency-Key/);
    expect(() => parseIdempotencyKey('x'.repeat(256))).toThrow(/Idempotency-Key/);
  });

  it('hashes bodies independently of key order, under the deployment key', () => {
    const key = t.ctx.keys.requestHashing;
    expect(requestHash(key, { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(requestHash(key, { b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(requestHash(key, { a: 1 })).not.toBe(requestHash(key, { a: 2 }));
    // Keyed: another deployment's key gives another hash, and so does a plain SHA-256 of the body.
    expect(requestHash(deriveKeys('another root').requestHashing, { a: 1 })).not.toBe(requestHash(key, { a: 1 }));
    expect(requestHash(key, { a: 1 })).not.toBe(createHash('sha256').update('{"a":1}').digest('base64url'));
  });

  it('hashes one canonical form: keys in code-unit order, undefined members left out, as keys claimed earlier were', () => {
    const key = t.ctx.keys.requestHashing;
    const body = { b: 1, a: [{ d: undefined, c: 'x' }, null, 'y'], é: true, Z: 0, e: {} };
    const canonical = '{"Z":0,"a":[{"c":"x"},null,"y"],"b":1,"e":{},"é":true}';
    expect(requestHash(key, body)).toBe(createHmac('sha256', key).update(canonical).digest('base64url'));
  });

  it('stays the same across a rotation of the root secret', () => {
    expect(deriveKeys('new root', ['old root']).requestHashing).toEqual(deriveKeys('old root').requestHashing);
  });
});
