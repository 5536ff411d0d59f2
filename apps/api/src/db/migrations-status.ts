import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, MIGRATIONS_DIR } from './client.ts';

let shipped: number | undefined;

/** How many migrations this build ships: read once, the files do not change under a running process. */
function shippedMigrations(): number {
  shipped ??= (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;
  return shipped;
}

/** How many checked-in migrations the database has not applied yet (drizzle's own bookkeeping table). */
export async function pendingMigrations(database: Database): Promise<number> {
  const rows = await database.query<{ n: number | string }>('select count(*) as n from drizzle.__drizzle_migrations');
  return shippedMigrations() - Number(rows[0]?.n ?? 0);
}
