import { APP, ROLE } from '@kassa/contract/access';
import { API_KEY_PATTERN, type ApiKeyCreateBody } from '@kassa/contract/developers';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buildPeerApp } from '../../../test/peer-app.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { apiKeys, auditLog, refunds } from '../../db/schema.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { API_KEY_NOT_HERE } from '../../plugins/auth.ts';
import { API_KEY_REFUSED } from './api-keys.service.ts';

const t = await buildTestApp({ KASSA_API_KEY_RATE_LIMIT: '1000', KASSA_API_KEY_RATE_WINDOW_S: '60' });
afterAll(() => t.close());
const { merchantId: acme, owner } = await createOwnedMerchant(t, { name: 'Acme' });
const { merchantId: bolt, owner: boltOwner } = await createOwnedMerchant(t, { name: 'Bolt' });
// Moving the clock past the overlap also ends the 15-minute sessions: each test starts at real time.
afterEach(() => {
  t.clock.offsetMs = 0;
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const call = (
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) => t.app.inject({ method, url: `/apiv1${url}`, headers: { ...headers, ...extra }, payload });

async function createKey(session: TestSession, body: Partial<ApiKeyCreateBody> = {}) {
  const res = await call(session.auth, 'POST', '/developers/api-keys/', {
    name: 'Shop backend',
    mode: 'test',
    scopes: ['products:read'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; secret: string; prefix: string; last4: string };
}

const listKeys = async (session: TestSession) =>
  (await call(session.auth, 'GET', '/developers/api-keys/')).json().result.results as Record<string, unknown>[];

describe('API key lifecycle', () => {
  it('shows the secret once, keeps only a keyed hash, lists prefix and last 4, and works on a scoped route', async () => {
    const key = await createKey(owner, { name: 'Catalog sync', scopes: ['products:read', 'products:write'] });
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key.secret.startsWith('sk_test_')).toBe(true);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.last4).toBe(key.secret.slice(-4));

    const listed = (await listKeys(owner)).find((k) => k.id === key.id)!;
    expect(listed).toMatchObject({
      name: 'Catalog sync',
      mode: 'test',
      scopes: ['products:read', 'products:write'],
      prefix: key.prefix,
      last4: key.last4,
      last_used_at: null,
      expires_at: null,
    });
    expect(JSON.stringify(await listKeys(owner))).not.toContain(key.secret);
    expect(JSON.stringify(await listKeys(owner))).not.toContain(key.secret.slice(12, -4));
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(12, -4));
    expect(row!.secretHash).not.toBe(key.secret);

    const products = await call(bearer(key.secret), 'GET', '/product/');
    expect(products.statusCode, products.body).toBe(200);
    const used = (await listKeys(owner)).find((k) => k.id === key.id)!;
    expect(used.last_used_at).not.toBeNull();

    const created = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, key.id), eq(auditLog.action, 'api_key.created')));
    expect(created).toHaveLength(1);
    expect(created[0]!.actorUserId).toBe(owner.user.id);
  });

  it('is read with the scheme in any case (RFC 9110 §11.1): `bearer sk_…` works', async () => {
    const key = await createKey(owner, { scopes: ['products:read'] });
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await call({ authorization: `${scheme} ${key.secret}` }, 'GET', '/product/');
      expect(res.statusCode, `${scheme}: ${res.body}`).toBe(200);
    }
  });

  it('creates live keys, and refuses unknown scopes and modes with field errors', async () => {
    const live = await createKey(owner, { mode: 'live', scopes: ['transactions:read'] });
    expect(live.secret.startsWith('sk_live_')).toBe(true);
    const bad = await call(owner.auth, 'POST', '/developers/api-keys/', {
      name: '',
      mode: 'prod',
      scopes: ['users:write'],
    });
    expectFieldErrors(bad, ['mode', 'name', 'scopes.0']);
  });

  it('counts a name as a person sees it: 100 emoji (200 UTF-16 units) pass, 101 are refused', async () => {
    const emoji = await createKey(owner, { name: '🔑'.repeat(100) });
    expect((await listKeys(owner)).find((k) => k.id === emoji.id)?.name).toBe('🔑'.repeat(100));
    const family = await createKey(owner, { name: '👩‍👩‍👧'.repeat(100) });
    expect(family.id).toBeTruthy();
    const tooLong = await call(owner.auth, 'POST', '/developers/api-keys/', {
      name: '🔑'.repeat(101),
      mode: 'test',
      scopes: ['products:read'],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ path: 'name', message: 'At most 100 characters' }]);
  });

  it('records last use at most once a minute, not on every request', async () => {
    const key = await createKey(owner);
    await call(bearer(key.secret), 'GET', '/product/');
    const first = (await listKeys(owner)).find((k) => k.id === key.id)!.last_used_at;
    t.clock.advance(20_000);
    await call(bearer(key.secret), 'GET', '/product/');
    expect((await listKeys(owner)).find((k) => k.id === key.id)!.last_used_at).toBe(first);
    t.clock.advance(MINUTE);
    await call(bearer(key.secret), 'GET', '/product/');
    expect((await listKeys(owner)).find((k) => k.id === key.id)!.last_used_at).not.toBe(first);
  });

  it('refuses a deleted key at once, and deleting twice answers 404', async () => {
    const key = await createKey(owner);
    expect((await call(bearer(key.secret), 'GET', '/product/')).statusCode).toBe(200);
    const del = await call(owner.auth, 'DELETE', `/developers/api-keys/${key.id}/`);
    expect(del.statusCode, del.body).toBe(200);
    const refused = await call(bearer(key.secret), 'GET', '/product/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized', message: API_KEY_REFUSED });
    expect((await listKeys(owner)).map((k) => k.id)).not.toContain(key.id);
    expect((await call(owner.auth, 'DELETE', `/developers/api-keys/${key.id}/`)).statusCode).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, key.id), eq(auditLog.action, 'api_key.deleted')));
    expect(audit).toHaveLength(1);
  });

  it('rolls: the old secret works through the overlap and is refused after it; a key rolls once', async () => {
    const key = await createKey(owner, { name: 'Rolling', scopes: ['invoices:read'] });
    const roll = await call(owner.auth, 'POST', `/developers/api-keys/${key.id}/roll/`, { overlap_hours: 1 });
    expect(roll.statusCode, roll.body).toBe(200);
    const next = roll.json().result;
    expect(next.secret).toMatch(API_KEY_PATTERN);
    expect(next).toMatchObject({ name: 'Rolling', scopes: ['invoices:read'], rolled_from_id: key.id });
    expect(next.id).not.toBe(key.id);
    const listed = await listKeys(owner);
    const expiresIn = Date.parse(listed.find((k) => k.id === key.id)!.expires_at as string) - t.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(HOUR - 5_000);
    expect(expiresIn).toBeLessThanOrEqual(HOUR);
    expect(JSON.stringify(listed)).not.toContain(next.secret);

    expect((await call(bearer(key.secret), 'GET', '/invoice/')).statusCode).toBe(200);
    expect((await call(bearer(next.secret), 'GET', '/invoice/')).statusCode).toBe(200);
    const again = await call(owner.auth, 'POST', `/developers/api-keys/${key.id}/roll/`, { overlap_hours: 0 });
    expect(again.statusCode).toBe(409);

    t.clock.advance(HOUR + 1000);
    expect((await call(bearer(key.secret), 'GET', '/invoice/')).statusCode).toBe(401);
    expect((await call(bearer(next.secret), 'GET', '/invoice/')).statusCode).toBe(200);
  });

  it('rolls with no overlap (the old secret stops at once) and never beyond 7 days', async () => {
    const key = await createKey(owner);
    const tooLong = await call(owner.auth, 'POST', `/developers/api-keys/${key.id}/roll/`, { overlap_hours: 169 });
    expect(tooLong.statusCode).toBe(400);
    const now = await call(owner.auth, 'POST', `/developers/api-keys/${key.id}/roll/`, { overlap_hours: 0 });
    expect(now.statusCode).toBe(200);
    expect((await call(bearer(key.secret), 'GET', '/product/')).statusCode).toBe(401);
    expect((await call(bearer(now.json().result.secret), 'GET', '/product/')).statusCode).toBe(200);
  });

  it('rolls a key once under 20 parallel rolls', async () => {
    for (let round = 0; round < 3; round++) {
      const key = await createKey(owner);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(owner.auth, 'POST', `/developers/api-keys/${key.id}/roll/`, { overlap_hours: 24 }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
      const replacements = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.rolledFromId, key.id));
      expect(replacements).toHaveLength(1);
    }
  });
});

describe('who manages keys', () => {
  it('owners and staff do; sub-users, admins, embedded sessions and keys themselves get 403', async () => {
    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: acme });
    expect((await call(staff.auth, 'GET', '/developers/api-keys/')).statusCode).toBe(200);
    await createKey(staff);
    const sub = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme,
      access: { [APP.PRODUCTS]: [1, 2, 3, 4] },
    });
    expect((await call(sub.auth, 'GET', '/developers/api-keys/')).statusCode).toBe(403);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await call(admin.auth, 'POST', '/developers/api-keys/', {})).statusCode).toBe(403);

    const key = await createKey(owner, { scopes: ['webhooks:write', 'embed:write', 'products:write'] });
    for (const [method, url] of [
      ['GET', '/developers/api-keys/'],
      ['POST', '/developers/api-keys/'],
      ['POST', `/developers/api-keys/${key.id}/roll/`],
      ['DELETE', `/developers/api-keys/${key.id}/`],
    ] as const) {
      const res = await call(bearer(key.secret), method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_KEY_NOT_HERE);
    }
  });
});

describe('webhook endpoints with a key', () => {
  it('are managed by a key holding webhooks:write and refused to one without, naming the scope', async () => {
    const manager = await createKey(owner, { scopes: ['webhooks:write'] });
    const created = await call(bearer(manager.secret), 'POST', '/developers/webhook-endpoints/', {
      url: 'https://hooks.example.com/kassa',
      events: ['payment.succeeded'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await call(bearer(manager.secret), 'GET', '/developers/webhook-endpoints/');
    expect(listed.json().result.map((e: { url: string }) => e.url)).toContain('https://hooks.example.com/kassa');

    const catalog = await createKey(owner, { scopes: ['products:write'] });
    for (const [method, url] of [
      ['GET', '/developers/webhook-endpoints/'],
      ['POST', '/developers/webhook-endpoints/'],
      ['DELETE', `/developers/webhook-endpoints/${created.json().result.id}/`],
    ] as const) {
      const res = await call(bearer(catalog.secret), method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('This API key does not have the webhooks:write scope.');
    }
  });
});

describe('a key of merchant A', () => {
  it('finds none of merchant B’s objects (404, like a missing id) and B’s list stays B’s', async () => {
    const key = await createKey(owner, {
      scopes: ['products:write', 'transactions:read', 'refunds:write'],
    });
    const bProduct = await createProduct(t.ctx.db, bolt);
    const bTx = await createTransaction(t.ctx.db, bolt);
    expect((await call(bearer(key.secret), 'GET', `/product/${bProduct.id}/`)).statusCode).toBe(404);
    expect((await call(bearer(key.secret), 'PATCH', `/product/${bProduct.id}/`, { name: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await call(bearer(key.secret), 'DELETE', `/product/${bProduct.id}/`)).statusCode).toBe(404);
    expect((await call(bearer(key.secret), 'GET', `/transaction/${bTx.id}/`)).statusCode).toBe(404);
    expect((await call(bearer(key.secret), 'POST', `/transaction/${bTx.id}/refund/`, {})).statusCode).toBe(404);
    const list = await call(bearer(key.secret), 'GET', '/product/');
    expect(list.body).not.toContain(bProduct.id);
    expect((await call(boltOwner.auth, 'GET', `/product/${bProduct.id}/`)).json().result.name).toBe('Trail Jacket');
    // Nor can B's owner touch A's key.
    expect((await call(boltOwner.auth, 'DELETE', `/developers/api-keys/${key.id}/`)).statusCode).toBe(404);
    expect((await call(boltOwner.auth, 'POST', `/developers/api-keys/${key.id}/roll/`, {})).statusCode).toBe(404);
  });
});

describe('test and live keys', () => {
  it('see only the transactions of their own mode, in lists, details, refunds and captures', async () => {
    const merchant = (await createMerchant(t.ctx.db, { name: 'Modes' })).id;
    const modeOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant });
    const testTx = await createTransaction(t.ctx.db, merchant, { mode: 'test' });
    const liveTx = await createTransaction(t.ctx.db, merchant, { mode: 'live', provider: 'sandbox' });
    const liveAuth = await createTransaction(t.ctx.db, merchant, { mode: 'live', status: 'authorization_succeeded' });
    const scopes = ['transactions:read', 'refunds:write'] as const;
    const testKey = await createKey(modeOwner, { mode: 'test', scopes: [...scopes] });
    const liveKey = await createKey(modeOwner, { mode: 'live', scopes: [...scopes] });

    const ids = async (secret: string) =>
      (await call(bearer(secret), 'POST', '/transaction/transaction-details/', {}))
        .json()
        .result.results.map((r: { id: string }) => r.id);
    expect(await ids(testKey.secret)).toEqual([testTx.id]);
    expect((await ids(liveKey.secret)).sort()).toEqual([liveTx.id, liveAuth.id].sort());
    // People see both modes.
    const all = await call(modeOwner.auth, 'POST', '/transaction/transaction-details/', {});
    expect(all.json().result.count).toBe(3);

    expect((await call(bearer(testKey.secret), 'GET', `/transaction/${liveTx.id}/`)).statusCode).toBe(404);
    expect((await call(bearer(liveKey.secret), 'GET', `/transaction/${testTx.id}/`)).statusCode).toBe(404);
    expect((await call(bearer(testKey.secret), 'POST', `/transaction/${liveTx.id}/refund/`, {})).statusCode).toBe(404);
    expect((await call(bearer(testKey.secret), 'POST', `/transaction/${liveAuth.id}/capture/`, {})).statusCode).toBe(
      404,
    );
    expect((await call(bearer(testKey.secret), 'POST', `/transaction/${liveAuth.id}/void/`, {})).statusCode).toBe(404);
    const csv = await call(bearer(testKey.secret), 'POST', '/transaction/export/', {});
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(liveTx.id);
    const refunded = await call(bearer(liveKey.secret), 'POST', `/transaction/${liveTx.id}/refund/`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
  });
});

describe('Idempotency-Key with an API key', () => {
  it('replays the first answer to a retry, per merchant and mode, and 20 parallel retries refund once', async () => {
    const key = await createKey(owner, { scopes: ['refunds:write'] });
    for (let round = 0; round < 3; round++) {
      const tx = await createTransaction(t.ctx.db, acme, { amount: 5_000 });
      const idem = { 'idempotency-key': `refund-${tx.id}` };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(bearer(key.secret), 'POST', `/transaction/${tx.id}/refund/`, { amount: 1_000 }, idem),
        ),
      );
      expect(
        answers.every((a) => [200, 409].includes(a.statusCode)),
        answers.map((a) => a.body).join(),
      ).toBe(true);
      const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
      expect(rows.map((r) => r.amount)).toEqual([1_000]);
      const replay = await call(bearer(key.secret), 'POST', `/transaction/${tx.id}/refund/`, { amount: 1_000 }, idem);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().result.refunded_amount).toBe(1_000);
      const other = await call(bearer(key.secret), 'POST', `/transaction/${tx.id}/refund/`, { amount: 2_000 }, idem);
      expect(other.statusCode).toBe(422);
      // A person of the merchant is another caller class (callerScope): the key is theirs to use anew.
      const person = await call(owner.auth, 'POST', `/transaction/${tx.id}/refund/`, { amount: 1_000 }, idem);
      expect(person.headers['idempotent-replayed']).toBeUndefined();
      expect(person.json().result.refunded_amount).toBe(2_000);
    }
  });
});

describe('the audit trail', () => {
  it('records every write made with a key, with the key’s id, and no read', async () => {
    const key = await createKey(owner, { scopes: ['products:write'] });
    const created = await call(bearer(key.secret), 'POST', '/product/', {
      name: 'Keyed product',
      price_per_unit: 1_500,
      currency: 'USD',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.apiKeyId, key.id));
    expect(entries.map((e) => [e.action, e.data?.method, e.data?.route, e.merchantId])).toEqual([
      ['api_key.request', 'POST', '/apiv1/product/', acme],
    ]);
    // A read adds nothing; the platform's audit view of the merchant names the key.
    await call(bearer(key.secret), 'GET', '/product/');
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.apiKeyId, key.id))).toHaveLength(1);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const audit = await call(admin.auth, 'GET', `/admin/merchant/${acme}/audit/?page_size=100`);
    const entry = audit.json().result.results.find((e: { action: string }) => e.action === 'api_key.request');
    expect(entry).toMatchObject({ api_key_id: key.id, actor_user_id: owner.user.id });
  });
});

describe('the per-key rate limit', () => {
  let limited: TestApp;
  let limitedOwner: TestSession;
  beforeAll(async () => {
    limited = await buildTestApp({ KASSA_API_KEY_RATE_LIMIT: '10', KASSA_API_KEY_RATE_WINDOW_S: '60' });
    const merchant = (await createMerchant(limited.ctx.db, { name: 'Busy' })).id;
    limitedOwner = await createSignedInUser(limited, { role: ROLE.MERCHANT_OWNER, merchantId: merchant });
  });
  afterAll(() => limited.close());

  const newKey = async () => {
    const res = await limited.app.inject({
      method: 'POST',
      url: '/apiv1/developers/api-keys/',
      headers: limitedOwner.auth,
      payload: { name: 'Burst', mode: 'test', scopes: ['products:read'] },
    });
    return res.json().result.secret as string;
  };
  const list = (headers: Record<string, string>) =>
    limited.app.inject({ method: 'GET', url: '/apiv1/product/', headers });

  it('lets exactly the limit of 25 parallel requests through, per key, and leaves people’s sessions alone', async () => {
    for (let round = 0; round < 3; round++) {
      const secret = await newKey();
      const answers = await Promise.all(Array.from({ length: 25 }, () => list(bearer(secret))));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(15);
      const refused = answers.find((a) => a.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
      expect(refused.json().message).toMatch(/^Too many requests with this API key\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another key and the owner's own session are not counted against this key.
      expect((await list(bearer(await newKey()))).statusCode).toBe(200);
      expect((await list(limitedOwner.auth)).statusCode).toBe(200);
    }
  });
});

// Each process keeps a key it verified for a few seconds (verified-keys.ts); a second app on the same
// PostgreSQL database stands in for a second process (docs/ARCHITECTURE.md#scaling-out).
describe.skipIf(process.env.KASSA_TEST_DB !== 'postgres')('a key another process verified a moment ago', () => {
  it('is refused there within the notify round trip once deleted', async () => {
    const peer = await buildPeerApp(t);
    try {
      const key = await createKey(owner);
      const onPeer = () => peer.app.inject({ method: 'GET', url: '/apiv1/product/', headers: bearer(key.secret) });
      expect((await onPeer()).statusCode).toBe(200);
      // A delete written behind Kassa's back announces nothing: the peer still takes the key it kept,
      // so what follows proves the announcement, not a key that was never kept.
      await t.ctx.database.query('update api_keys set revoked_at = now() where id = $1', [key.id]);
      expect((await onPeer()).statusCode).toBe(200);
      await t.ctx.database.query('update api_keys set revoked_at = null where id = $1', [key.id]);

      expect((await call(owner.auth, 'DELETE', `/developers/api-keys/${key.id}/`)).statusCode).toBe(200);
      const deadline = Date.now() + 1_000;
      let status = (await onPeer()).statusCode;
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await onPeer()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await peer.close();
    }
  });
});
