// A fresh database per test file: PGlite in memory by default, or (KASSA_TEST_DB=postgres) a new
// PostgreSQL database cloned from the migrated template the global setup made.
import { inject } from 'vitest';
import { type Database, migrateDatabase, openDatabase, type PoolTarget } from '../src/db/client.ts';
import { adminUrl, withDatabase } from './pg-url.ts';

/** `pool`: the PostgreSQL pool's size and bounds (as the config gives them); PGlite has no pool. */
export async function createTestDatabase(
  pool: Omit<PoolTarget, 'url'> = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.KASSA_TEST_DB !== 'postgres') {
    const database = await openDatabase({ memory: true });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('KASSA_TEST_DB=postgres needs DATABASE_URL');
  const template = inject('pgTemplate');
  const name = `kassa_t_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await openDatabase({ url: adminUrl(base) });
  await admin.query(`create database ${name} template ${template}`);
  await admin.close();
  const database = await openDatabase({ url: withDatabase(base, name), ...pool });
  return {
    database,
    drop: async () => {
      await database.close();
      const a = await openDatabase({ url: adminUrl(base) });
      await a.query(`drop database if exists ${name} with (force)`);
      await a.close();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
