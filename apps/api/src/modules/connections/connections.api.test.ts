import { APP, ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { auditLog, providerConnections } from '../../db/schema.ts';
import { openCredentials } from './connection-credentials.ts';

const GOOD_KEY = 'sk_test_51HxYzAbCdEf3f9a';

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId: acme, owner } = await createOwnedMerchant(t, { name: 'Acme', allowConnections: true });
const { merchantId: bolt, owner: boltOwner } = await createOwnedMerchant(t, { name: 'Bolt', allowConnections: true });
const viewer = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId: acme,
  access: { [APP.PAYMENT_CONNECTIONS]: [1] },
});

const call = (s: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv1${url}`, payload, headers: s ? s.auth : {} });

const connect = (s: TestSession, body: object) => call(s, 'POST', '/connection/merchant-connection/', body);

async function storedRow(id: string) {
  const [row] = await t.ctx.db.select().from(providerConnections).where(eq(providerConnections.id, id));
  return row!;
}

describe('GET /connection/providers/', () => {
  it('lists the registry as data, sandbox first, with credential fields', async () => {
    const res = await call(owner, 'GET', '/connection/providers/?kind=payment_service');
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().result;
    expect(first).toMatchObject({ kind: 'payment_service', id: 'sandbox', is_sandbox: true });
    expect(first.credential_fields).toEqual([
      { name: 'account_id', label: 'Account ID', secret: false, placeholder: 'acct_test_…' },
      { name: 'secret_key', label: 'Secret key', secret: true, placeholder: 'sk_test_…' },
    ]);
    const all = (await call(owner, 'GET', '/connection/providers/')).json().result;
    expect(new Set(all.map((p: { kind: string }) => p.kind))).toEqual(
      new Set(['payment_service', 'gift_card', 'digital_wallet', 'anti_fraud']),
    );
    expect((await call(null, 'GET', '/connection/providers/')).statusCode).toBe(401);
  });
});

describe('credentials at rest', () => {
  let id: string;

  it('verifies, stores every field sealed and answers masked', async () => {
    const res = await connect(owner, {
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { account_id: 'acct_test_123', secret_key: GOOD_KEY },
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().result;
    id = view.id;
    expect(view).toMatchObject({
      kind: 'payment_service',
      provider: 'sandbox',
      provider_name: 'Kassa Sandbox Processor',
      enabled: true,
      status: 'verified',
      last_verification_message: 'Sandbox credentials verified.',
      credentials: { account_id: 'acct_test_123', secret_key: 'sk_test_••••3f9a' },
    });
    expect(res.body).not.toContain(GOOD_KEY);

    const row = await storedRow(id);
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(GOOD_KEY);
    expect(dump).not.toContain('acct_test_123');
    expect(row.credentials.secret_key).toMatch(/^v1\./);
    expect(row.keyVersion).toBe(1);
    expect(openCredentials(t.ctx.keys, acme, id, row.credentials)).toEqual({
      account_id: 'acct_test_123',
      secret_key: GOOD_KEY,
    });

    const again = await call(owner, 'GET', `/connection/merchant-connection/${id}/`);
    expect(again.json().result.credentials.secret_key).toBe('sk_test_••••3f9a');
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(JSON.stringify(audit)).not.toContain(GOOD_KEY);
  });

  it('refuses a flipped byte: the field no longer decrypts and is never shown', async () => {
    const row = await storedRow(id);
    const sealed = row.credentials.secret_key!;
    const parts = sealed.split('.');
    const body = parts[3]!;
    parts[3] = (body[0] === 'A' ? 'B' : 'A') + body.slice(1);
    const tampered = { ...row.credentials, secret_key: parts.join('.') };
    expect(() => openCredentials(t.ctx.keys, acme, id, tampered)).toThrow();
    await t.ctx.db.update(providerConnections).set({ credentials: tampered }).where(eq(providerConnections.id, id));
    const res = await call(owner, 'GET', `/connection/merchant-connection/${id}/`);
    expect(res.json().result.credentials.secret_key).toBe('unreadable — enter it again');
    const verify = await call(owner, 'POST', '/connection/verify-connection-credentials/', { connection_id: id });
    expect(verify.statusCode).toBe(422);
    await t.ctx.db
      .update(providerConnections)
      .set({ credentials: row.credentials })
      .where(eq(providerConnections.id, id));
  });

  it('refuses a ciphertext copied into another merchant’s row', async () => {
    const boltConn = (
      await connect(boltOwner, {
        kind: 'payment_service',
        provider: 'sandbox',
        credentials: { account_id: 'acct_test_bolt', secret_key: 'sk_test_boltboltbolt0000' },
      })
    ).json().result;
    const acmeRow = await storedRow(id);
    expect(() => openCredentials(t.ctx.keys, bolt, boltConn.id, acmeRow.credentials)).toThrow();
    await t.ctx.db
      .update(providerConnections)
      .set({ credentials: acmeRow.credentials })
      .where(eq(providerConnections.id, boltConn.id));
    const res = await call(boltOwner, 'GET', `/connection/merchant-connection/${boltConn.id}/`);
    expect(res.json().result.credentials).toEqual({
      account_id: 'unreadable — enter it again',
      secret_key: 'unreadable — enter it again',
    });
    expect(res.body).not.toContain('acct_test_123');
  });

  it('keeps each merchant to its own connections: another merchant’s id is 404', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(
        boltOwner,
        method,
        `/connection/merchant-connection/${id}/`,
        method === 'PATCH' ? { enabled: false } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
    }
    const verify = await call(boltOwner, 'POST', '/connection/verify-connection-credentials/', { connection_id: id });
    expect(verify.statusCode).toBe(404);
    const list = (await call(boltOwner, 'GET', '/connection/merchant-connection/')).json().result;
    expect(list.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});

describe('verification', () => {
  it('refuses to enable credentials that fail, with the provider’s message, and saves nothing', async () => {
    const before = await t.ctx.db.$count(providerConnections);
    const res = await connect(owner, {
      kind: 'gift_card',
      provider: 'sandbox_gift_card',
      credentials: { secret_key: 'sk_live_realmoney1234' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'error',
      code: 'business_rule',
      message: 'Sandbox secret keys start with "sk_test_" followed by the key.',
      errors: [{ path: 'credentials' }],
    });
    expect(await t.ctx.db.$count(providerConnections)).toBe(before);
  });

  it('stores failed and verified outcomes of POST /connection/verify-connection-credentials/', async () => {
    const saved = await connect(owner, {
      kind: 'gift_card',
      provider: 'sandbox_gift_card',
      credentials: { secret_key: 'nope' },
      enabled: false,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { id } = saved.json().result;
    expect(saved.json().result).toMatchObject({
      status: 'unverified',
      enabled: false,
      credentials: { secret_key: '••••' },
    });

    const failed = await call(owner, 'POST', '/connection/verify-connection-credentials/', { connection_id: id });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toBe('Sandbox secret keys start with "sk_test_" followed by the key.');
    expect(await storedRow(id)).toMatchObject({
      status: 'failed',
      lastVerificationMessage: 'Sandbox secret keys start with "sk_test_" followed by the key.',
    });
    // Enabling with the stored bad key is refused too.
    expect((await call(owner, 'PATCH', `/connection/merchant-connection/${id}/`, { enabled: true })).statusCode).toBe(
      422,
    );

    const patched = await call(owner, 'PATCH', `/connection/merchant-connection/${id}/`, {
      credentials: { secret_key: 'sk_test_giftgiftgift9999' },
    });
    expect(patched.json().result).toMatchObject({ status: 'unverified', enabled: false });
    const ok = await call(owner, 'POST', '/connection/verify-connection-credentials/', { connection_id: id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'success',
      message: 'Sandbox credentials verified.',
      result: {
        status: 'verified',
        connection: { id, status: 'verified', credentials: { secret_key: 'sk_test_••••9999' } },
      },
    });
    const enabled = await call(owner, 'PATCH', `/connection/merchant-connection/${id}/`, { enabled: true });
    expect(enabled.json().result).toMatchObject({ enabled: true, status: 'verified' });
  });

  it('checks credentials that are not saved yet', async () => {
    const body = { kind: 'anti_fraud', provider: 'sandbox_anti_fraud', credentials: { secret_key: GOOD_KEY } };
    const ok = await call(owner, 'POST', '/connection/verify-connection-credentials/', body);
    expect(ok.json()).toMatchObject({ message: 'Sandbox credentials verified.', result: { connection: null } });
    const missing = await call(owner, 'POST', '/connection/verify-connection-credentials/', {
      ...body,
      credentials: {},
    });
    expect(missing.json()).toMatchObject({ status: 'error', message: 'Enter the Secret key.' });
  });

  it('refuses unknown providers and fields', async () => {
    const provider = await connect(owner, { kind: 'payment_service', provider: 'sandbox_wallet', credentials: {} });
    expect(provider.statusCode).toBe(400);
    const field = await connect(owner, {
      kind: 'digital_wallet',
      provider: 'sandbox_wallet',
      credentials: { merchant_id: 'w1', secret_key: GOOD_KEY, pan: '4242424242424242' },
    });
    expect(field.statusCode).toBe(400);
    expect(field.json().errors).toEqual([{ path: 'credentials.pan', message: 'Unknown field' }]);
  });
});

describe('rules', () => {
  it('refuses a second connection of the same provider with 409', async () => {
    const res = await connect(owner, {
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { account_id: 'acct_test_2', secret_key: GOOD_KEY },
    });
    expect(res.statusCode).toBe(409);
  });

  it('switches the kind’s other enabled connection off when one is enabled', async () => {
    const m = await createMerchant(t.ctx.db, { allowConnections: true });
    const s = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: m.id });
    // A provider that left the registry but still has a row: it must give way.
    const [legacy] = await t.ctx.db
      .insert(providerConnections)
      .values({ merchantId: m.id, kind: 'anti_fraud', provider: 'legacy_risk', enabled: true })
      .returning();
    const res = await connect(s, {
      kind: 'anti_fraud',
      provider: 'sandbox_anti_fraud',
      credentials: { secret_key: GOOD_KEY },
    });
    expect(res.json().result.enabled).toBe(true);
    expect((await storedRow(legacy!.id)).enabled).toBe(false);
  });

  it('needs the platform’s “allow connections” to connect', async () => {
    const m = await createMerchant(t.ctx.db);
    const s = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: m.id });
    const res = await connect(s, {
      kind: 'anti_fraud',
      provider: 'sandbox_anti_fraud',
      credentials: { secret_key: GOOD_KEY },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Payment connections are not enabled for this account yet. Contact the platform administrator.',
    );
  });

  it('lets a view-only sub-user read but not change connections', async () => {
    const list = await call(viewer, 'GET', '/connection/merchant-connection/?kind=payment_service');
    expect(list.statusCode).toBe(200);
    expect(list.json().result).toHaveLength(1);
    const id = list.json().result[0].id;
    expect((await call(viewer, 'PATCH', `/connection/merchant-connection/${id}/`, { enabled: false })).statusCode).toBe(
      403,
    );
    expect((await call(viewer, 'DELETE', `/connection/merchant-connection/${id}/`)).statusCode).toBe(403);
    expect(
      (await connect(viewer, { kind: 'anti_fraud', provider: 'sandbox_anti_fraud', credentials: {} })).statusCode,
    ).toBe(403);
  });

  it('replaces only the credential fields sent, then deletes', async () => {
    const created = (
      await connect(owner, {
        kind: 'digital_wallet',
        provider: 'sandbox_wallet',
        credentials: { merchant_id: 'wallet-acme', secret_key: 'sk_test_wallet00001111' },
      })
    ).json().result;
    const patched = await call(owner, 'PATCH', `/connection/merchant-connection/${created.id}/`, {
      credentials: { secret_key: 'sk_test_wallet00002222' },
    });
    expect(patched.json().result).toMatchObject({
      status: 'verified',
      credentials: { merchant_id: 'wallet-acme', secret_key: 'sk_test_••••2222' },
    });
    const gone = await call(owner, 'DELETE', `/connection/merchant-connection/${created.id}/`);
    expect(gone.json()).toMatchObject({ status: 'success', message: 'Connection deleted.' });
    expect((await call(owner, 'GET', `/connection/merchant-connection/${created.id}/`)).statusCode).toBe(404);
  });
});
