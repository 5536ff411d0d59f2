// A transaction whose BEGIN goes out with its first statement, and whose COMMIT can go out with its
// last: two round trips fewer than Drizzle's transaction, which waits for BEGIN's answer before the
// first statement and for the last statement's answer before COMMIT (docs/decisions/0018-begin-and-commit-travel-with-statements.md).
// On PostgreSQL the pool's connections run in node-postgres's pipeline mode: a statement is written
// as soon as it is issued, each with its own Sync, and the answers come back in order. Statements
// issued in the same tick are written together (one write, so one wake-up of the backend). What the
// database does is unchanged: BEGIN, the statements, COMMIT, in that order on one connection; a
// statement that fails aborts the transaction, and a COMMIT that reaches an aborted transaction ends
// it with a rollback. On PGlite (one query at a time, in process) this is Drizzle's transaction.
import { entityKind } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, DbOrTx, Tx } from './client.ts';

interface Open {
  client: pg.PoolClient;
  /** Statements issued on the transaction so far (BEGIN not counted). */
  issued: number;
  /** COMMIT, once it went out behind the last statement. */
  commit?: Promise<unknown>;
}

/** Drizzle's node-postgres session internals (drizzle-orm 0.45), as fixed-statement.ts reads them. */
interface Session {
  client: unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
}

const sessionOf = (db: DbOrTx) => (db as unknown as { _: { session: Session } })._.session;
const isNodePg = (session: Session) =>
  (session.constructor as unknown as Record<symbol, unknown>)[entityKind] === 'NodePgSession';

/** The open pipelined transaction a handle runs on, keyed by the client its session was given. */
const openOf = new WeakMap<object, Open>();

/** Statements issued while `send` runs leave in one write (node-postgres corks per statement; corks nest). */
export function together<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}

export async function pipelinedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const session = sessionOf(db);
  if (!isNodePg(session)) return db.transaction(work);
  const client = await (session.client as pg.Pool).connect();
  const open: Open = { client, issued: 0 };
  // The client Drizzle's session and the statements of fixed text see: it counts what is issued,
  // so commitWithLast can tell that the last statement really went out before COMMIT.
  const counted = {
    query: (...args: unknown[]) => {
      open.issued += 1;
      return (client.query as (...a: unknown[]) => unknown)(...args);
    },
  };
  openOf.set(counted, open);
  const txSession = new NodePgSession(
    counted as never,
    session.dialect as never,
    session.schema as never,
    session.options as never,
  );
  const tx = new NodePgTransaction(session.dialect as never, txSession, session.schema as never) as unknown as Tx;
  let broken: Error | undefined;
  try {
    let beginFailed: Error | undefined;
    let begun!: Promise<void>;
    // BEGIN and whatever `work` issues before its first wait leave in one write.
    const running = together(client, () => {
      begun = client.query('begin').then(
        () => undefined,
        (e: Error) => {
          beginFailed = e;
        },
      );
      return work(tx);
    });
    const result = await running;
    await begun;
    if (beginFailed) throw beginFailed;
    await (open.commit ?? client.query('commit'));
    return result;
  } catch (error) {
    if (open.commit) {
      // COMMIT went out behind a statement that failed: the database rolled the transaction back.
      await open.commit.catch((e: Error) => {
        broken = e;
      });
    } else {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
    }
    throw error;
  } finally {
    openOf.delete(counted);
    // A connection that could not end its transaction is closed rather than given to the next request.
    client.release(broken);
  }
}

/**
 * Issues the transaction's last statement with COMMIT behind it, in one write. Only for a statement
 * after which nothing can fail: the transaction is committed when its answer comes (or rolled back,
 * when it fails). Outside a pipelined transaction on PostgreSQL, it just runs the statement.
 */
export function commitWithLast<R>(tx: DbOrTx, last: () => Promise<R>): Promise<R> {
  const open = openOf.get(sessionOf(tx).client as object);
  if (!open || open.commit) return last();
  return together(open.client, () => {
    const before = open.issued;
    const answer = last();
    // Only behind a statement that went out now; otherwise the transaction commits as usual.
    if (open.issued === before + 1) {
      open.commit = open.client.query('commit');
      // Its answer is awaited by the transaction; a failure here is reported there.
      open.commit.catch(() => {});
    }
    return answer;
  });
}
