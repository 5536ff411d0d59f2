// The API's node-postgres pool. A transaction still takes a connection of its own (pool.connect()), but
// a statement of fixed text run outside one — a named, prepared statement (fixed-statement.ts): the
// short statements a payment is made of — shares a few pipelined connections with the statements of
// other requests, and those issued in one turn of the event loop leave in one write. On a small
// machine each write to a socket costs more than binding the statement it carries; sharing halves the
// writes of a payment (docs/decisions/0027-fixed-statements-share-connections.md). Built on pg's public
// surface: the Pool subclassed through its documented `query`, `end` and `Client` option, each shared
// connection a PipelineClient in pg's documented pipeline mode.
import pg from 'pg';
import { isConnectionLost } from './pg-errors.ts';
import { PipelineClient } from './pipeline-client.ts';

export interface SharingPoolConfig extends pg.PoolConfig {
  /** Connections the statements of fixed text share; the pool's `max` is for transactions and other statements. */
  sharedConnections: number;
}

type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/**
 * How long a shared connection's oldest statement may go unanswered before no more are sent behind it
 * (at most the pool's wait for a connection): a payment's statements take milliseconds, so one that
 * waited this long is stuck (on a lock, on a server that stopped answering).
 */
const STALLED_AFTER_MS = 1_000;

/** SQLSTATEs of a statement whose Parse failed on a shared connection, so its Bind found no statement: nothing ran. */
const NOT_RUN = new Set([
  '26000', // invalid_sql_statement_name: the first use's Parse, pipelined ahead, failed
  '42P05', // duplicate_prepared_statement
]);

interface SharedConnection {
  client: PipelineClient;
  /** Connected: statements are sent on it only then, never queued on a connection still being opened. */
  ready: boolean;
  /** Settles once it is ready or has failed to connect. */
  connected: Promise<void>;
  /** The statements sent on it and not yet answered, each as when it was sent, oldest first. */
  unanswered: Set<{ sentAt: number }>;
  /** Takes it out of use: the next statements go elsewhere, and another is opened. */
  drop(): void;
}

export class SharingPool extends pg.Pool {
  readonly #config: pg.ClientConfig;
  readonly #shared: (SharedConnection | undefined)[];
  readonly #stalledAfterMs: number;
  /** The server's bound on one statement (statement_timeout), and the driver's on one answer (query_timeout). */
  readonly #timeouts: { statement: number; answer: number };
  #ended = false;

  constructor({ sharedConnections, ...config }: SharingPoolConfig) {
    super({ ...config, Client: PipelineClient });
    this.#config = { ...config, pipeline: true };
    this.#shared = Array.from({ length: sharedConnections }, () => undefined);
    this.#stalledAfterMs = Math.min(STALLED_AFTER_MS, config.connectionTimeoutMillis || STALLED_AFTER_MS);
    this.#timeouts = { statement: Number(config.statement_timeout) || 0, answer: config.query_timeout ?? 0 };
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards all of pg's query overloads, whose results differ by form
  override query(config: any, values?: any, callback?: any): any {
    const shareable =
      !this.#ended &&
      typeof config === 'object' &&
      config !== null &&
      typeof config.name === 'string' &&
      typeof config.submit !== 'function' &&
      typeof values !== 'function' &&
      callback === undefined &&
      typeof config.callback !== 'function';
    const shared = shareable ? this.#connectionForThisTurn() : undefined;
    // No shared connection ready, or every one stalled: the pool's own connections, whose wait is
    // bounded (docs/decisions/0019-bounded-waits-on-the-database.md).
    if (!shared) return super.query(config, values, callback as Callback);
    const sent = { sentAt: performance.now() };
    // pg's query_timeout runs from query(), so it must cover the statements ahead of this one on the
    // connection, each bounded by statement_timeout: the server's bound then still comes first.
    const ahead = shared.unanswered.size;
    const timed =
      ahead > 0 && this.#timeouts.answer > 0
        ? { ...config, query_timeout: this.#timeouts.answer + ahead * this.#timeouts.statement }
        : config;
    shared.unanswered.add(sent);
    const result: Promise<pg.QueryResult> = shared.client.query(timed, values);
    return result.then(
      (answer) => {
        shared.unanswered.delete(sent);
        return answer;
      },
      (error) => {
        shared.unanswered.delete(sent);
        // At once, before pg reports the closed socket: a statement issued meanwhile would be sent into it.
        if (isConnectionLost(error)) shared.drop();
        // Nothing of it ran: once more, on a connection of its own.
        if (NOT_RUN.has((error as { code?: string }).code ?? '')) return super.query(config, values);
        throw error;
      },
    );
  }

  /**
   * A ready connection with the fewest unanswered statements (missing or closing ones replaced, in the
   * background), so that statements run side by side while a connection is free; none when no ready
   * one has its oldest statement answered within STALLED_AFTER_MS. Its writes are held until this
   * turn's callbacks have run (setImmediate): the statements issued meanwhile on it leave in one write.
   */
  #connectionForThisTurn(): SharedConnection | undefined {
    const now = performance.now();
    let chosen: SharedConnection | undefined;
    for (const [i, slot] of this.#shared.entries()) {
      if (slot && !slot.client.takesStatements) slot.drop();
      const shared = this.#shared[i] ?? this.#open(i);
      if (!shared.ready) continue;
      const oldest = shared.unanswered.values().next().value;
      if (!oldest) {
        chosen = shared;
        break;
      }
      if (now - oldest.sentAt > this.#stalledAfterMs) continue;
      if (!chosen || shared.unanswered.size < chosen.unanswered.size) chosen = shared;
    }
    chosen?.client.holdWritesThisTurn();
    return chosen;
  }

  /** A new shared connection in slot `i`, used once connected. */
  #open(i: number): SharedConnection {
    const client = new PipelineClient(this.#config);
    const drop = () => {
      if (this.#shared[i] !== shared) return;
      this.#shared[i] = undefined;
      // A connection that never became ready has nothing to finish (and pg's end() would wait on it).
      if (!shared.ready) client.closeNow();
      else if (client.takesStatements) client.end().catch(() => {});
    };
    const shared: SharedConnection = {
      client,
      ready: false,
      connected: Promise.resolve(),
      unanswered: new Set(),
      drop,
    };
    this.#shared[i] = shared;
    // A lost connection fails its own unanswered statements (pg).
    client.on('error', (error) => {
      drop();
      this.emit('error', error, client);
    });
    client.on('end', drop);
    shared.connected = client.connect().then(
      () => {
        shared.ready = true;
      },
      () => drop(),
    );
    return shared;
  }

  /** The shared connections ready now, and the statements sent on them not yet answered: for the metrics. */
  sharedUse(): { open: number; unanswered: number } {
    let open = 0;
    let unanswered = 0;
    for (const shared of this.#shared) {
      if (!shared?.ready) continue;
      open += 1;
      unanswered += shared.unanswered.size;
    }
    return { open, unanswered };
  }

  /** Opens the shared connections not open yet and waits until each is ready or has failed. */
  async openShared(): Promise<void> {
    const opening = this.#shared.map((slot, i) => slot ?? this.#open(i));
    await Promise.all(opening.map((shared) => shared.connected));
  }

  override async end(): Promise<void> {
    this.#ended = true;
    const open = this.#shared.filter((shared) => shared !== undefined);
    this.#shared.fill(undefined);
    const closing = open.map((shared) => {
      if (!shared.ready) return shared.client.closeNow();
      return shared.client.takesStatements ? shared.client.end().catch(() => {}) : undefined;
    });
    await Promise.all([...closing, super.end()]);
  }
}
