// An Idempotency-Key's stored answer holds the payment it changed (buyer, e-mail, card): it is replayed
// only to the same caller class and mode (callerScope), and only after the route's own access check.
import type { ApiKeyMode } from '@kassa/contract/developers';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import type { TestSession } from '../../../test/session.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { idempotencyKeys, refunds } from '../../db/schema.ts';
import { requestHash } from './idempotency.service.ts';

const t = await buildTestApp({ KASSA_API_KEY_RATE_LIMIT: '1000', KASSA_API_KEY_RATE_WINDOW_S: '60' });
afterAll(() => t.close());
const { merchantId, owner } = await createOwnedMerchant(t, { name: 'Modes' });

async function createKey(session: TestSession, mode: ApiKeyMode) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: session.auth,
    payload: { name: `${mode} backend`, mode, scopes: ['refunds:write', 'transactions:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().result.secret as string}` };
}
const testKey = await createKey(owner, 'test');
const otherTestKey = await createKey(owner, 'test');
const liveKey = await createKey(owner, 'live');

const post = (headers: Record<string, string>, url: string, key: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/apiv1${url}`, headers: { ...headers, 'idempotency-key': key }, payload });

const liveTransaction = (overrides: Parameters<typeof createTransaction>[2] = {}) =>
  createTransaction(t.ctx.db, merchantId, {
    mode: 'live',
    provider: 'sandbox',
    amount: 5_000,
    buyerEmail: 'ada.live@example.com',
    ...overrides,
  });

describe('a stored answer and a test key', () => {
  it('never replays a live refund, capture or void answered to the owner (404, like every other test-key call on live data)', async () => {
    const refunded = await liveTransaction();
    const authorized = await liveTransaction({ status: 'authorization_succeeded' });
    const toVoid = await liveTransaction({ status: 'authorization_succeeded' });
    for (const [url, body] of [
      [`/transaction/${refunded.id}/refund/`, { amount: 1_000 }],
      [`/transaction/${authorized.id}/capture/`, {}],
      [`/transaction/${toVoid.id}/void/`, {}],
    ] as const) {
      const first = await post(owner.auth, url, 'K-live', body);
      expect(first.statusCode, first.body).toBe(200);
      const replayed = await post(owner.auth, url, 'K-live', body);
      expect(replayed.headers['idempotent-replayed'], url).toBe('true');

      const stolen = await post(testKey, url, 'K-live', body);
      expect(stolen.statusCode, `${url}: ${stolen.body}`).toBe(404);
      expect(stolen.json()).toEqual({
        status: 'error',
        request_id: expect.any(String),
        code: 'not_found',
        message: 'This transaction does not exist.',
      });
      expect(stolen.body).not.toContain('ada.live@example.com');
      expect(stolen.headers['idempotent-replayed']).toBeUndefined();
      // Another body does not tell the key is in use either.
      expect((await post(testKey, url, 'K-live', { amount: 1 })).statusCode).toBe(404);
    }
  });

  it('never replays a live answer stored under the merchant-only scope keys were claimed under before', async () => {
    const tx = await liveTransaction();
    const body = { amount: 1_000 };
    const endpoint = `transaction/${tx.id}/refund`;
    // The owner's refund, as the release before stored it: under the merchant alone.
    expect((await post(owner.auth, `/${endpoint}/`, 'K-former', body)).statusCode).toBe(200);
    const [stored] = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'K-former'));
    await t.ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'K-former'));
    await t.ctx.db.insert(idempotencyKeys).values({
      ...stored!,
      scope: merchantId,
      requestHash: requestHash(t.ctx.keys.requestHashing, body),
    });
    const stolen = await post(testKey, `/${endpoint}/`, 'K-former', body);
    expect(stolen.statusCode, stolen.body).toBe(404);
    // Its own caller still meets its answer: a retry across the release refunds nothing twice.
    const retry = await post(owner.auth, `/${endpoint}/`, 'K-former', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const made = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(made.map((r) => r.amount)).toEqual([1_000]);
  });
});

describe('the scope of a key', () => {
  it('is the caller class and mode: a live key does not meet the owner’s answer, test keys share theirs', async () => {
    const live = await liveTransaction();
    const body = { amount: 1_000 };
    const url = `/transaction/${live.id}/refund/`;
    expect((await post(owner.auth, url, 'K-class', body)).statusCode).toBe(200);
    const byKey = await post(liveKey, url, 'K-class', body);
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.headers['idempotent-replayed']).toBeUndefined();
    expect(byKey.json().result.refunded_amount).toBe(2_000);

    const test = await createTransaction(t.ctx.db, merchantId, { mode: 'test', amount: 5_000 });
    const testUrl = `/transaction/${test.id}/refund/`;
    expect((await post(testKey, testUrl, 'K-test', body)).statusCode).toBe(200);
    const again = await post(otherTestKey, testUrl, 'K-test', body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result.refunded_amount).toBe(1_000);
  });

  it('keeps 20 parallel requests of three callers with one key apart: one refund per caller class and mode (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const tx = await liveTransaction({ amount: 10_000 });
      const url = `/transaction/${tx.id}/refund/`;
      const callers = [owner.auth, liveKey, testKey];
      const answers = await Promise.all(
        Array.from({ length: 21 }, (_, i) => post(callers[i % 3]!, url, `K-race-${round}`, { amount: 1_000 })),
      );
      const byCaller = (c: number) => answers.filter((_, i) => i % 3 === c).map((a) => a.statusCode);
      for (const c of [0, 1]) {
        expect(
          byCaller(c).every((s) => s === 200 || s === 409),
          answers.map((a) => a.body).join(),
        ).toBe(true);
      }
      expect(byCaller(2)).toEqual(Array(7).fill(404));
      const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
      expect(rows.map((r) => r.amount)).toEqual([1_000, 1_000]);
    }
  });
});
