// Migration 0017 gives the endpoints that exist a mode: live, except those the audit trail shows a
// test API key made. Run on a database migrated up to 0016 with such endpoints in it.

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.ts';
import { adminUrl, withDatabase } from '../../../test/pg-url.ts';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../../db/client.ts';

/** The migrations folder as it stood before `tag`: the same files, the journal cut before it. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

async function migrate(database: Database, migrationsFolder: string) {
  const { migrate: run } =
    database.kind === 'postgres'
      ? await import('drizzle-orm/node-postgres/migrator')
      : await import('drizzle-orm/pglite/migrator');
  await run(database.db as never, { migrationsFolder });
}

/** An empty database: PGlite in memory, or a new PostgreSQL database for the postgres tier. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.KASSA_TEST_DB !== 'postgres') {
    const database = await openDatabase({ memory: true });
    return { database, drop: () => database.close() };
  }
  const base = process.env.DATABASE_URL!;
  const name = `kassa_m_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await openDatabase({ url: adminUrl(base) });
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(base, name) });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

const { database, drop } = await emptyDatabase();
afterAll(drop);

describe('migration 0017 (webhook endpoint modes)', () => {
  it('makes existing endpoints live, and test those a test key made (its request is in the audit trail)', async () => {
    await migrate(database, migrationsBefore('0017_webhook_endpoint_modes'));
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
    const user = await createUser(database.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const key = async (mode: string) =>
      (
        await database.query<{ id: string }>(
          `insert into api_keys (id, merchant_id, name, mode, scopes, secret_hash, prefix, last4, created_by)
           values ($5, $1, $2, $2, array['webhooks:write'], $3, 'sk_x', '0000', $4) returning id`,
          [merchant.id, mode, crypto.randomUUID(), user.id, crypto.randomUUID()],
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

    await migrate(database, MIGRATIONS_DIR);
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
