// Migration 0017 gives the endpoints that exist a mode: live, except those the audit trail shows a
// test API key made. Run on a database migrated up to 0016 with such endpoints in it.

import { ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/support/migrations.ts';

// At the top level, not in a hook: migrating PGlite that far takes long on a busy machine.
const old = await databaseBefore('0017_webhook_endpoint_modes');
afterAll(old.drop);

describe('migration 0017 (webhook endpoint modes)', () => {
  it('makes existing endpoints live, and test those a test key made (its request is in the audit trail)', async () => {
    const { database } = old;
    // Written as SQL: the schema's builders know columns that later migrations add.
    const newMerchant = async () =>
      (
        await database.query<{ id: string }>(
          `insert into merchants (id, name, email, country, default_currency, payment_hub_status, finance_hub_status)
           values ($1, 'Merchant before 0017', $2, 'US', 'USD', 3, 3) returning id`,
          [crypto.randomUUID(), `m-${crypto.randomUUID()}@example.test`],
        )
      )[0]!;
    const merchant = await newMerchant();
    const other = await newMerchant();
    const [user] = await database.query<{ id: string }>(
      `insert into users (id, email, role, merchant_id) values ($1, $2, $3, $4) returning id`,
      [crypto.randomUUID(), `owner-${crypto.randomUUID()}@example.test`, ROLE.MERCHANT_OWNER, merchant.id],
    );
    const key = async (mode: string) =>
      (
        await database.query<{ id: string }>(
          `insert into api_keys (id, merchant_id, name, mode, scopes, secret_hash, prefix, last4, created_by)
           values ($5, $1, $2, $2, array['webhooks:write'], $3, 'sk_x', '0000', $4) returning id`,
          [merchant.id, mode, crypto.randomUUID(), user!.id, crypto.randomUUID()],
        )
      )[0]!.id;
    const testKey = await key('test');
    const liveKey = await key('live');
    const endpoint = async (merchantId: string, createdAt: string) =>
      (
        await database.query<{ id: string }>(
          `insert into webhook_endpoints (id, merchant_id, url, secret_sealed, created_at)
           values ($3, $1, 'https://hooks.example.com/kassa', 'sealed', $2) returning id`,
          [merchantId, createdAt, crypto.randomUUID()],
        )
      )[0]!.id;
    const keyRequest = (apiKeyId: string, merchantId: string, at: string, method = 'POST') =>
      database.query(
        `insert into audit_log (id, api_key_id, merchant_id, action, entity_type, data, created_at)
         values ($5, $1, $2, 'api_key.request', 'api_request', $3, $4)`,
        [
          apiKeyId,
          merchantId,
          JSON.stringify({
            method,
            route: '/apiv1/developers/webhook-endpoints/',
            status: 201,
            scope: 'webhooks:write',
          }),
          at,
          crypto.randomUUID(),
        ],
      );
    const byPerson = await endpoint(merchant.id, '2026-11-01T10:00:00Z');
    const byTestKey = await endpoint(merchant.id, '2026-11-02T10:00:00Z');
    await keyRequest(testKey, merchant.id, '2026-11-02T10:00:00.250Z');
    const byLiveKey = await endpoint(merchant.id, '2026-11-03T10:00:00Z');
    await keyRequest(liveKey, merchant.id, '2026-11-03T10:00:00.250Z');
    // A test key's list read, and its creation an hour after this endpoint: neither made it.
    const beside = await endpoint(merchant.id, '2026-11-04T10:00:00Z');
    await keyRequest(testKey, merchant.id, '2026-11-04T10:00:00.250Z', 'GET');
    await keyRequest(testKey, merchant.id, '2026-11-04T11:00:00Z');
    // Another merchant's endpoint made at the very moment of this merchant's test key.
    const elsewhere = await endpoint(other.id, '2026-11-02T10:00:00Z');

    await old.migrateOn();
    const rows = await database.query<{ id: string; mode: string }>('select id, mode from webhook_endpoints');
    const modeOf = (id: string) => rows.find((r) => r.id === id)?.mode;
    expect({
      byPerson: modeOf(byPerson),
      byTestKey: modeOf(byTestKey),
      byLiveKey: modeOf(byLiveKey),
      beside: modeOf(beside),
      elsewhere: modeOf(elsewhere),
    }).toEqual({ byPerson: 'live', byTestKey: 'test', byLiveKey: 'live', beside: 'live', elsewhere: 'live' });
    // No default remains: a new endpoint must name its mode.
    await expect(
      database.query(
        `insert into webhook_endpoints (id, merchant_id, url, secret_sealed) values ($2, $1, 'https://x.example.com', 's')`,
        [merchant.id, crypto.randomUUID()],
      ),
    ).rejects.toThrow(/mode/);
  });
});
