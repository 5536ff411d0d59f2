// A transaction whose BEGIN goes out with its first statement, and whose COMMIT can go out with its
// last: two round trips fewer than Drizzle's transaction, which waits for BEGIN's answer before the
// first statement and for the last statement's answer before COMMIT (docs/decisions/0018-begin-and-commit-travel-with-statements.md).
// On PostgreSQL the pool's connections run in node-postgres's pipeline mode (its `pipeline` option): a
// statement is written as soon as it is issued, each with its own Sync, and the answers come back in
// order. What the database does is unchanged: BEGIN, the statements, COMMIT, in that order on one
// connection; a statement that fails aborts the transaction, and a COMMIT that reaches an aborted
// transaction ends it with a rollback. Only public APIs are used: pool.connect(), a Drizzle handle on
// the checked-out client (drizzle({ client })) and PipelineClient's own counting and batching
// (docs/decisions/0022-the-fast-path-on-public-apis.md). On PGlite (one query at a time, in process)
// this is Drizzle's transaction.
import type { Db, DbOrTx } from './client.ts';
import { drizzleOnClient, nodePgPoolOf } from './node-pg-database.ts';
import { PipelineClient } from './pipeline-client.ts';

interface OpenTransaction {
  client: PipelineClient;
  /** COMMIT, once it went out behind the last statement. */
  commit?: Promise<{ command: string }>;
  /** The transaction is over: its handle takes no more statements through commitWithLast. */
  closed: boolean;
}

/** The open pipelined transaction of each handle given to a transaction's work (one handle per transaction). */
const openTransactions = new WeakMap<DbOrTx, OpenTransaction>();

const AFTER_COMMIT = 'A statement was issued after its transaction was committed or ended.';
const NESTED = 'A pipelined transaction has no nested transactions: COMMIT would end the outer one.';

export async function pipelinedTransaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const pool = nodePgPoolOf(db);
  if (!pool) return db.transaction(work);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (!(client instanceof PipelineClient)) throw new Error('The pool does not hand out PipelineClients.');
    const tx = drizzleOnClient(client);
    // On a checked-out connection Drizzle's transaction() would send a second BEGIN, not a savepoint.
    tx.transaction = () => Promise.reject(new Error(NESTED));
    const open: OpenTransaction = { client, closed: false };
    openTransactions.set(tx, open);
    let beginFailed: Error | undefined;
    let begun!: Promise<void>;
    try {
      // BEGIN and whatever `work` issues before its first wait leave in one write.
      const running = client.sendTogether(() => {
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
    } finally {
      open.closed = true;
      client.refuseStatements(null);
    }
  } finally {
    // A connection that could not end its transaction is closed rather than given to the next request.
    if (!broken && client.getTransactionStatus() !== 'I') broken = new Error('The transaction did not end.');
    client.release(broken ?? false);
  }
}

/**
 * Issues the transaction's last statement with COMMIT behind it, in one write. Only for one statement
 * after which nothing can fail: the transaction is committed when its answer comes (or rolled back,
 * when it fails), and the connection takes no more statements until the transaction is over. Outside
 * a pipelined transaction on PostgreSQL it just runs the statement; if the statement did not go out at
 * once (a lazy Drizzle query, one pg refused on the spot), COMMIT waits as usual.
 */
export function commitWithLast<R>(tx: DbOrTx, last: () => Promise<R>): Promise<R> {
  const open = openTransactions.get(tx);
  if (!open) return last();
  if (open.commit || open.closed) return Promise.reject(new Error(AFTER_COMMIT));
  const { client } = open;
  return client.sendTogether(() => {
    const before = client.statementsSent;
    const answer = last();
    if (client.statementsSent === before + 1) {
      const commit: Promise<{ command: string }> = client.query('commit');
      // Its answer is awaited by the transaction; a failure is reported there.
      commit.catch(() => {});
      open.commit = commit;
      // Anything issued now would run outside the transaction.
      client.refuseStatements(AFTER_COMMIT);
    }
    return answer;
  });
}
