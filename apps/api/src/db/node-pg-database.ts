// Drizzle on a node-postgres pool, built as drizzle(pool) builds it, with one change: a transaction
// gives its connection back to the pool on every path. Drizzle's own NodePgSession.transaction
// (drizzle-orm 0.45) sends BEGIN before the try whose finally releases the connection, so when BEGIN
// fails — the database terminated the backend between checkout and BEGIN's answer — the connection is
// never released. The pool still counts it, dead, as checked out; once `max` of them have gone that
// way, every statement waits for a connection that never comes (the API's workers start a transaction
// every tick, so connection drops a few hundred milliseconds apart did exactly that).
import { sql } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

type Schema = Record<string, never>;

class ReleasingSession extends NodePgSession<Schema, Record<string, never>> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly pgDialect: PgDialect,
  ) {
    super(pool, pgDialect, undefined);
  }

  override async transaction<T>(
    work: (tx: NodePgTransaction<Schema, Record<string, never>>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const client = await this.pool.connect();
    const session = new NodePgSession<Schema, Record<string, never>>(client, this.pgDialect, undefined);
    const tx = new NodePgTransaction<Schema, Record<string, never>>(this.pgDialect, session, undefined);
    /** Why the connection cannot serve another request; it is then closed instead of reused. */
    let broken: unknown;
    try {
      await tx.execute(sql`begin`).catch((error: unknown) => {
        broken = error;
        throw error;
      });
      try {
        // SET TRANSACTION as the transaction's first statement is what BEGIN's own options do.
        if (config) await tx.setTransaction(config);
        const result = await work(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        // The work's error is the answer (a business rule, a conflict); a ROLLBACK that fails as well
        // only means the connection is gone, and the database rolls back on its own then.
        await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      if (!broken && client.getTransactionStatus() !== 'I') broken = new Error('The transaction did not end.');
      client.release(broken instanceof Error ? broken : broken ? new Error(String(broken)) : undefined);
    }
  }
}

/** The API's Drizzle handle on `pool` (the schema is not given: see client.ts). */
export function nodePgDatabase(pool: pg.Pool): Db {
  const dialect = new PgDialect();
  const db = new NodePgDatabase(dialect, new ReleasingSession(pool, dialect), undefined) as NodePgDatabase<Schema> & {
    $client: pg.Pool;
  };
  // As drizzle(pool) sets it: the pool behind the handle.
  db.$client = pool;
  return db as unknown as Db;
}
