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
  /** Statements handed to the server so far (BEGIN not counted; one refused by the driver at once is not). */
  issued: number;
  /** COMMIT, once it went out behind the last statement. */
  commit?: Promise<pg.QueryResult>;
  /** The transaction is over: its handle takes no more statements. */
  closed: boolean;
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

const AFTER_COMMIT = 'A statement was issued after its transaction was committed or ended.';

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

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * The client Drizzle's session and the statements of fixed text see. It refuses statements once
 * COMMIT is on its way (they would run outside the transaction, or on a connection already given
 * back), and counts the statements the server is sent, so commitWithLast can tell that the last one
 * really went out before COMMIT: one the driver refuses at once (its callback runs before query()
 * returns, e.g. a value it cannot bind) never reached the server and is not counted.
 */
function countingClient(open: Open) {
  const query = open.client.query.bind(open.client) as (...args: unknown[]) => unknown;
  return {
    query(...args: unknown[]) {
      if (open.closed || open.commit) {
        const error = new Error(AFTER_COMMIT);
        const callback = [(args[0] as { callback?: unknown } | null)?.callback, args.at(-1)].find(
          (c) => typeof c === 'function',
        );
        if (typeof callback === 'function') {
          process.nextTick(() => (callback as Callback)(error));
          return undefined;
        }
        return Promise.reject(error);
      }
      let pending = true;
      let refused = false;
      const last = args.length - 1;
      if (last > 0 && typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = (error: Error | null, result?: unknown) => {
          if (pending && error) refused = true;
          callback(error, result);
        };
      }
      const result = query(...args);
      pending = false;
      if (!refused) open.issued += 1;
      return result;
    },
  };
}

export async function pipelinedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const session = sessionOf(db);
  if (!isNodePg(session)) return db.transaction(work);
  const client = await (session.client as pg.Pool).connect();
  const open: Open = { client, issued: 0, closed: false };
  let broken: Error | undefined;
  try {
    const counted = countingClient(open);
    openOf.set(counted, open);
    const txSession = new NodePgSession(
      counted as never,
      session.dialect as never,
      session.schema as never,
      session.options as never,
    );
    const tx = new NodePgTransaction(session.dialect as never, txSession, session.schema as never) as unknown as Tx;
    let beginFailed: Error | undefined;
    let begun!: Promise<void>;
    try {
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
      const ended = await (open.commit ?? client.query('commit'));
      // A COMMIT that finds the transaction aborted (a failed statement the work did not let fail
      // it) answers ROLLBACK, without an error: nothing was written, so this is no success.
      if (ended.command !== 'COMMIT') throw new Error('The transaction was rolled back: one of its statements failed.');
      return result;
    } catch (error) {
      if (open.commit) {
        // COMMIT went out behind the last statement: the database ended the transaction — rolled
        // back when that statement failed there. (Should the statement have failed only in this
        // process after the server ran it, e.g. its rows unreadable, the transaction committed: for
        // the caller that is an outcome it already survives, as a crash right after COMMIT.)
        await open.commit.catch((e: Error) => {
          broken = e;
        });
      } else {
        await client.query('rollback').catch((e: Error) => {
          broken = e;
        });
      }
      throw error;
    }
  } finally {
    open.closed = true;
    // A connection that could not end its transaction is closed rather than given to the next request.
    if (!broken && client.getTransactionStatus() !== 'I') broken = new Error('The transaction did not end.');
    client.release(broken ?? false);
  }
}

/**
 * Issues the transaction's last statement with COMMIT behind it, in one write. Only for one statement
 * after which nothing can fail: the transaction is committed when its answer comes (or rolled back,
 * when it fails), and the handle takes no more statements. Outside a pipelined transaction on
 * PostgreSQL, it just runs the statement; if the statement did not go out at once, COMMIT waits as
 * usual.
 */
export function commitWithLast<R>(tx: DbOrTx, last: () => Promise<R>): Promise<R> {
  const open = openOf.get(sessionOf(tx).client as object);
  if (!open) return last();
  if (open.commit || open.closed) return Promise.reject(new Error(AFTER_COMMIT));
  if ((tx as unknown as { nestedIndex?: number }).nestedIndex) {
    // COMMIT would end the outer transaction from inside a savepoint.
    return Promise.reject(new Error('commitWithLast cannot be used inside a nested transaction.'));
  }
  return together(open.client, () => {
    const before = open.issued;
    const answer = last();
    if (open.issued === before + 1) {
      open.commit = open.client.query('commit');
      // Its answer is awaited by the transaction; a failure is reported there.
      open.commit.catch(() => {});
    }
    return answer;
  });
}
