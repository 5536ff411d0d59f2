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

interface SharedConnection {
  client: PipelineClient;
  /** When each statement sent on it and not yet answered was sent, oldest first (answers come in order). */
  sentAt: number[];
  /** Takes it out of use: the next statement opens another. */
  drop(): void;
}

export class SharingPool extends pg.Pool {
  readonly #config: pg.ClientConfig;
  readonly #shared: (SharedConnection | undefined)[];
  /** How long a connection's oldest statement may wait before no more are sent behind it: the pool's wait for a connection. */
  readonly #stalledAfterMs: number;
  #ended = false;

  constructor({ sharedConnections, ...config }: SharingPoolConfig) {
    super({ ...config, Client: PipelineClient });
    this.#config = { ...config, pipeline: true };
    this.#shared = Array.from({ length: sharedConnections }, () => undefined);
    this.#stalledAfterMs = config.connectionTimeoutMillis || Number.POSITIVE_INFINITY;
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards all of pg's query overloads, whose results differ by form
  override query(config: any, values?: any, callback?: any): any {
    const shareable =
      !this.#ended &&
      this.#shared.length > 0 &&
      typeof config === 'object' &&
      config !== null &&
      typeof config.name === 'string' &&
      typeof config.submit !== 'function' &&
      typeof values !== 'function' &&
      callback === undefined &&
      typeof config.callback !== 'function';
    const shared = shareable ? this.#connectionForThisTurn() : undefined;
    // Every shared connection stalled (a server that stopped answering, a statement stuck on a lock):
    // the pool's own connections, whose wait is bounded (docs/decisions/0019-bounded-waits-on-the-database.md).
    if (!shared) return super.query(config, values, callback as Callback);
    shared.sentAt.push(performance.now());
    const result: Promise<pg.QueryResult> = shared.client.query(config, values);
    result.then(
      () => {
        shared.sentAt.shift();
      },
      (error) => {
        shared.sentAt.shift();
        // At once, before pg reports the closed socket: a statement issued meanwhile would be sent into it.
        if (isConnectionLost(error)) shared.drop();
      },
    );
    return result;
  }

  /**
   * The connection with the fewest unanswered statements (a closed one replaced first), so that
   * statements run side by side while a connection is free; none when every one has a statement
   * unanswered for longer than the pool waits for a connection. Its writes are held until this turn's
   * callbacks have run (setImmediate): the statements issued meanwhile on it leave in one write.
   */
  #connectionForThisTurn(): SharedConnection | undefined {
    const now = performance.now();
    let chosen: SharedConnection | undefined;
    for (const [i, slot] of this.#shared.entries()) {
      const shared = slot && this.#isOpen(slot) ? slot : this.#open(i);
      if (shared.sentAt.length === 0) {
        chosen = shared;
        break;
      }
      if (now - shared.sentAt[0]! > this.#stalledAfterMs) continue;
      if (!chosen || shared.sentAt.length < chosen.sentAt.length) chosen = shared;
    }
    chosen?.client.holdWritesThisTurn();
    return chosen;
  }

  #isOpen = (shared: SharedConnection) => this.#shared.includes(shared);

  /** A new shared connection in slot `i`; its statements wait in pg's queue until it is ready. */
  #open(i: number): SharedConnection {
    const client = new PipelineClient(this.#config);
    // A lost connection fails its own unanswered statements (pg); the next statement opens another.
    const drop = () => {
      if (this.#shared[i] !== shared) return;
      this.#shared[i] = undefined;
      client.end().catch(() => {});
    };
    const shared: SharedConnection = { client, sentAt: [], drop };
    this.#shared[i] = shared;
    client.on('error', (error) => {
      drop();
      this.emit('error', error, client);
    });
    client.on('end', drop);
    client.connect().catch(drop);
    return shared;
  }

  override async end(): Promise<void> {
    this.#ended = true;
    const open = this.#shared.filter((shared) => shared !== undefined);
    this.#shared.fill(undefined);
    await Promise.all(open.map((shared) => shared.client.end().catch(() => {})));
    await super.end();
  }
}
