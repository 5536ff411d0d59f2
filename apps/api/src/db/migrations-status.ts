import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, MIGRATIONS_DIR } from './client.ts';

/** How many checked-in migrations the database has not applied yet (drizzle's own bookkeeping table). */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const rows = await database.query<{ n: number | string }>('select count(*) as n from drizzle.__drizzle_migrations');
  return journal.entries.length - Number(rows[0]?.n ?? 0);
}
