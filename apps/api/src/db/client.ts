// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite on disk (or in memory
// for tests). Both are driven through the same Drizzle schema and the same migration files.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { API_ROOT } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';

// Drizzle is opened without the schema: its relational query API (db.query.<table>) is not used,
// and with a schema every transaction object builds one query builder per table
// (docs/decisions/0016-statements-of-fixed-text.md).
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL with positional parameters, for the few places Drizzle has no builder (health, scripts). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** PostgreSQL only: a connection of its own, outside the pool, for session-level advisory locks. */
  session?(): Promise<DatabaseSession>;
  /**
   * PostgreSQL only, for the metrics: the pool's own connections (pg-pool's documented counts), and the
   * shared ones the statements of fixed text run on (sharing-pool.ts) with the statements unanswered on them.
   */
  poolUse?(): { total: number; idle: number; waiting: number; shared: number; sharedUnanswered: number };
}

export interface DatabaseSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** A NOTIFY on a channel this session LISTENs on (payload '' when none was given). */
  onNotification(handler: (channel: string, payload: string) => void): void;
  /** The connection ended: closed, dropped by the server or the network. */
  onEnd(handler: () => void): void;
}

export const MIGRATIONS_DIR = join(API_ROOT, 'drizzle');

/**
 * Connections the API keeps to PostgreSQL unless DATABASE_POOL_SIZE says otherwise: PostgreSQL's rule
 * of thumb, twice the database server's cores plus one (2 cores here); more only make the backends and
 * the API take turns on the same cores (docs/decisions/0020-the-api-process-on-a-small-machine.md).
 */
export const DEFAULT_POOL_SIZE = 5;

/**
 * Connections the statements of fixed text share (sharing-pool.ts), besides the pool's own for
 * transactions: half the pool's, so that the backends running them stay about as many as the cores.
 */
export const sharedConnectionsFor = (poolSize: number) => Math.ceil(poolSize / 2);

/**
 * How long a statement waits for a pool connection — a free one, or a new one being opened — before it
 * fails (DATABASE_CONNECT_TIMEOUT_MS). Without a bound, a pool whose connections are all held waits for
 * ever, and so does every request behind it, the health check included; with it, requests fail with 503
 * while the database is away and succeed again as soon as it is back
 * (docs/decisions/0019-bounded-waits-on-the-database.md).
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL's statement_timeout on every connection (DATABASE_STATEMENT_TIMEOUT_MS; 0 for none). A
 * payment's statements take milliseconds; this bounds one stuck behind a lock or a sick server.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * The driver's own bound on an answer (node-postgres query_timeout), past the server's: a connection
 * whose server went silent without closing it (a network partition) is closed rather than waited on.
 */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export interface PoolTarget {
  url: string;
  poolSize?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
}

export type DatabaseTarget = PoolTarget | { pgliteDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const [{ nodePgDatabase }, { SharingPool }, pg] = await Promise.all([
      import('./node-pg-database.ts'),
      import('./sharing-pool.ts'),
      import('pg'),
    ]);
    // bigint (int8) columns come back as JS numbers: every amount here is far below 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    // Idle connections are kept, not closed after pg-pool's default 10 s: the backends all exiting at
    // once after a burst stalled a 2-core machine (docs/decisions/0020-the-api-process-on-a-small-machine.md).
    const statementTimeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const poolSize = target.poolSize ?? DEFAULT_POOL_SIZE;
    const pool = new SharingPool({
      connectionString: target.url,
      max: poolSize,
      sharedConnections: sharedConnectionsFor(poolSize),
      idleTimeoutMillis: 0,
      // Statements are written as they are issued (pipelined-transaction.ts sends BEGIN and COMMIT
      // with their neighbours); a connection used one statement at a time behaves as before.
      pipeline: true,
      connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + QUERY_TIMEOUT_MARGIN_MS }
        : {}),
    });
    // A client can lose its connection at any time (a database restart or failover, a terminated
    // backend). pg then emits 'error' — on the pool for an idle client, on the client itself for one
    // that is checked out — and an unhandled 'error' event ends the process. The query in flight
    // rejects on its own (one request fails), the pool discards the broken client and opens a new
    // one on the next checkout, so a warning is all the events need.
    const warn = (err: Error) => process.emitWarning(`PostgreSQL connection error: ${err.message}`);
    pool.on('error', warn);
    pool.on('connect', (client) => client.on('error', warn));
    const db = nodePgDatabase(pool);
    return {
      db,
      kind: 'postgres',
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => pool.end(),
      poolUse: () => {
        const shared = pool.sharedUse();
        return {
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
          shared: shared.open,
          sharedUnanswered: shared.unanswered,
        };
      },
      session: async () => {
        const client = new pg.default.Client({
          connectionString: target.url,
          connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        });
        client.on('error', warn);
        await client.connect();
        return {
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
          close: () => client.end(),
          onNotification: (handler) => client.on('notification', (m) => handler(m.channel, m.payload ?? '')),
          onEnd: (handler) => client.on('end', handler),
        };
      },
    };
  }
  const [{ drizzle }, { PGlite }] = await Promise.all([import('drizzle-orm/pglite'), import('@electric-sql/pglite')]);
  let dataDir: string | undefined;
  let unlock = () => {};
  if ('pgliteDir' in target) {
    mkdirSync(target.pgliteDir, { recursive: true });
    unlock = lockDataDir(target.pgliteDir);
    dataDir = target.pgliteDir;
  }
  const client = await PGlite.create(dataDir ? { dataDir } : {}).catch((err: unknown) => {
    unlock();
    throw err;
  });
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}
