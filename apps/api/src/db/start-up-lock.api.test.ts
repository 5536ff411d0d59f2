// docs/ARCHITECTURE.md#processes-in-production: many processes starting at the same moment on one
// PostgreSQL database migrate it once, create one first admin, and all come up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, withDatabase } from '../../test/pg-url.ts';
import { createContext } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { StartupRefusal } from '../lib/startup-refusal.ts';
import { ensureFirstAdmin } from '../modules/users/first-admin.service.ts';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';

const STARTS = 20;
const base = process.env.DATABASE_URL ?? '';
const dataDir = mkdtempSync(join(tmpdir(), 'kassa-start-'));
const names: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `kassa_ops_start_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  names.push(name);
  const admin = await openDatabase({ url: adminUrl(base) });
  await admin.query(`create database ${name}`);
  await admin.close();
  return withDatabase(base, name);
}

afterAll(async () => {
  const admin = await openDatabase({ url: adminUrl(base) });
  for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (url: string, extra: Record<string, string> = {}) =>
  readConfig({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '1',
    KASSA_DATA_DIR: dataDir,
    KASSA_SECRET_KEY: 'start-up-test-root-secret-0123456789abcdef',
    PUBLIC_URL: 'https://pay.example.com',
    ...extra,
  });

/** STARTS processes' start-ups at once; each reports the first admin it created, if any. */
async function startTogether(url: string) {
  const admins: string[] = [];
  const settled = await Promise.allSettled(
    Array.from({ length: STARTS }, () =>
      createContext(env(url), {
        atStartUp: async (database) => {
          const admin = await ensureFirstAdmin(database.db, 'admin@kassa.local', 'Kassa-start-2026!');
          if (admin) admins.push(admin.email);
        },
      }),
    ),
  );
  const contexts = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  return { settled, contexts, admins };
}

/**
 * What undoes the newest migration, read from its SQL file: its added columns, created tables and
 * created indexes dropped (a dropped column or table takes its own indexes and constraints with it).
 */
function undoLastMigration(): string[] {
  const { entries } = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = entries.reduce((a, b) => (b.when > a.when ? b : a));
  const sql = readFileSync(join(MIGRATIONS_DIR, `${last.tag}.sql`), 'utf8');
  const columns = [...sql.matchAll(/ALTER TABLE "(\w+)" ADD COLUMN "(\w+)"/g)].map(
    (m) => `alter table "${m[1]}" drop column "${m[2]}" cascade`,
  );
  const tables = [...sql.matchAll(/CREATE TABLE "(\w+)"/g)].map((m) => `drop table "${m[1]}" cascade`);
  const indexes = [...sql.matchAll(/CREATE (?:UNIQUE )?INDEX "(\w+)"/g)].map((m) => `drop index if exists "${m[1]}"`);
  return [...columns, ...tables, ...indexes];
}

const journalEntries = () =>
  (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')).entries as unknown[]).length;

describe.runIf(process.env.KASSA_TEST_DB === 'postgres')('processes starting together on PostgreSQL', () => {
  let running: AppContext[] = [];
  afterAll(() => Promise.all(running.map((c) => c.database.close())));

  it(`${STARTS} starts on an empty database migrate it once, create one admin, and all come up`, async () => {
    const url = await emptyDatabase();
    const { settled, contexts, admins } = await startTogether(url);
    running = contexts;
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(admins).toEqual(['admin@kassa.local']);
    const [db] = contexts;
    const applied = await db!.database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(journalEntries());

    // One more, with another PUBLIC_URL, while these run: refused, naming the setting.
    const other = await createContext(env(url, { PUBLIC_URL: 'https://other.example.com' })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(other).toBeInstanceOf(StartupRefusal);
    expect((other as Error).message).toMatch(/^PUBLIC_URL differs from the value the other Kassa processes/);
  });

  it(`${STARTS} starts on an older database bring it up to date once`, async () => {
    const url = await emptyDatabase();
    const first = await createContext(env(url));
    // The database as the release before this one left it: the last migration not applied (the
    // columns it adds and tables it creates dropped, its record deleted).
    for (const statement of undoLastMigration()) await first.database.query(statement);
    await first.database.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    await first.database.close();
    const { settled, contexts } = await startTogether(url);
    running.push(...contexts);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const applied = await contexts[0]!.database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(journalEntries());
  });

  it('lets a process with another PUBLIC_URL start once the others have stopped', async () => {
    await Promise.all(running.splice(0).map((c) => c.database.close()));
    const url = withDatabase(base, names[0]!);
    const changed: string[] = [];
    const moved = await createContext(env(url, { PUBLIC_URL: 'https://other.example.com' }), {
      onSettingsChanged: (n) => changed.push(...n),
    });
    running.push(moved);
    expect(changed).toEqual(['PUBLIC_URL']);
  });
});
