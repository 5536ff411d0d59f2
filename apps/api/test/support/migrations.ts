// A migration's data test: an empty database migrated up to just before the migration, rows written
// the way the old schema had them, then migrated on and read back.
//   const old = await databaseBefore('0027_partial_payments');
//   afterAll(old.drop);
//   await old.database.query('insert into …');   // SQL: the schema's builders know later columns
//   await old.migrateOn('0027_partial_payments'); // or migrateOn() for every migration
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../../src/db/client.ts';
import { adminUrl, withDatabase } from '../pg-url.ts';

/** The migrations folder with the journal cut after `count` entries (the files stay as they are). */
function migrationsUpTo(count: (entries: { tag: string }[]) => number) {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count(journal.entries)) }));
  return dir;
}

function indexOf(entries: { tag: string }[], tag: string) {
  const at = entries.findIndex((e) => e.tag === tag);
  expect(at, `migration ${tag} in the journal`).toBeGreaterThan(0);
  return at;
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

export interface DatabaseBeforeMigration {
  database: Database;
  /** Applies the migrations after the cut: up to and with `throughTag`, or all of them. */
  migrateOn(throughTag?: string): Promise<void>;
  drop(): Promise<void>;
}

/** An empty database migrated up to the migration `tag`, without it. */
export async function databaseBefore(tag: string): Promise<DatabaseBeforeMigration> {
  const { database, drop } = await emptyDatabase();
  await migrate(
    database,
    migrationsUpTo((entries) => indexOf(entries, tag)),
  );
  return {
    database,
    drop,
    migrateOn: (throughTag) =>
      migrate(database, throughTag ? migrationsUpTo((entries) => indexOf(entries, throughTag) + 1) : MIGRATIONS_DIR),
  };
}
