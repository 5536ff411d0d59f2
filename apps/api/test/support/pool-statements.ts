// The SQL an app sends outside transactions, for tests that count a path's autocommit statements: on
// PostgreSQL at the pool, on PGlite at its client (Drizzle's documented `$client`).
import { vi } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { nodePgPoolOf } from '../../src/db/node-pg-database.ts';

export function recordPoolStatements(db: Db) {
  const pool = nodePgPoolOf(db);
  if (pool) {
    const spy = vi.spyOn(pool, 'query');
    return {
      texts: () =>
        spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text)),
      restore: () => spy.mockRestore(),
    };
  }
  const { $client: client } = db as unknown as { $client: { query(text: string): unknown } };
  const spy = vi.spyOn(client, 'query');
  return { texts: () => spy.mock.calls.map(([text]) => text), restore: () => spy.mockRestore() };
}
