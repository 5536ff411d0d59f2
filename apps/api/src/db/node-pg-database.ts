// Drizzle on a node-postgres pool (drizzle({ client: pool })), with one change: a transaction takes
// its connection with pool.connect() itself and gives it back on every path. Drizzle's own
// transaction on a pool (drizzle-orm 0.45.4, NodePgSession.transaction) sends BEGIN before the try
// whose finally releases the connection, so when BEGIN fails — the database terminated the backend
// between checkout and BEGIN's answer — the connection is never released and the pool counts it,
// dead, as checked out for good (docs/decisions/0019-bounded-waits-on-the-database.md). Here Drizzle
// runs the transaction on the checked-out connection (Drizzle then neither takes nor releases it),
// and the connection is released here: closed instead when BEGIN, COMMIT or ROLLBACK failed or it is
// not idle afterwards.

import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';

/** The pool behind each handle made here: the pipelined transaction takes its connections from it. */
const pools = new WeakMap<Db, pg.Pool>();

/** The node-postgres pool behind `db`; undefined for PGlite. */
export const nodePgPoolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/** Drizzle on one checked-out connection (the schema is not given: see client.ts). */
export const drizzleOnClient = (client: pg.PoolClient): Db => drizzle({ client });

async function transactionOnPool<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig) {
  const client = await pool.connect();
  /** Why the connection cannot serve another request; it is then closed instead of reused. */
  let broken: unknown;
  let failed: { error: unknown } | undefined;
  try {
    return await drizzleOnClient(client).transaction(async (tx) => {
      try {
        return await work(tx);
      } catch (error) {
        failed = { error };
        throw error;
      }
    }, config);
  } catch (error) {
    // Not the work's error: BEGIN, COMMIT or the ROLLBACK after the work's failure failed. The work's
    // error is still the answer (a business rule, a conflict); a failed ROLLBACK only means the
    // connection is gone, and the database rolls back on its own then.
    if (error !== failed?.error) broken = error;
    throw failed ? failed.error : error;
  } finally {
    if (!broken && client.getTransactionStatus() !== 'I') broken = new Error('The transaction did not end.');
    client.release(broken instanceof Error ? broken : broken ? new Error(String(broken)) : undefined);
  }
}

/** The API's Drizzle handle on `pool` (the schema is not given: see client.ts). */
export function nodePgDatabase(pool: pg.Pool): Db {
  const db: Db = drizzle({ client: pool });
  db.transaction = (work, config) => transactionOnPool(pool, work, config);
  pools.set(db, pool);
  return db;
}
