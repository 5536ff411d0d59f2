// The node-postgres client of the API's pool (pg's documented `Client` pool option), built on pg's
// public surface only: its socket is one it made itself (the documented `stream` client option), so
// that statements issued together (or in one turn of the event loop) can leave in one write, and it
// counts the statements it really handed to the connection, so that a pipelined transaction knows its
// last statement went out before COMMIT is sent behind it (docs/decisions/0022-the-fast-path-on-public-apis.md).
import net from 'node:net';
import pg from 'pg';

type Callback = (error: Error | null, result?: pg.QueryResult) => void;

export class PipelineClient extends pg.Client {
  readonly #socket: net.Socket;
  #sent = 0;
  #refusal: string | null = null;
  #together = 0;
  #heldThisTurn = false;
  #closing = false;

  constructor(config?: pg.ClientConfig) {
    // What pg itself opens when no stream is given (a plain socket; TLS, when asked for, is set up
    // over it by pg, and corking then only batches less).
    const socket = new net.Socket();
    super({ ...config, stream: () => socket });
    this.#socket = socket;
  }

  /** Statements handed to the connection so far; one pg refused before returning from query() is not counted. */
  get statementsSent(): number {
    return this.#sent;
  }

  /** True while `sendTogether` runs: what is issued now leaves in the same write. */
  get isSendingTogether(): boolean {
    return this.#together > 0;
  }

  /**
   * Runs `send`; the statements it issues leave in one write (one wake-up of the backend), as pg in
   * pipeline mode writes each statement at once when it is issued.
   */
  sendTogether<T>(send: () => T): T {
    this.#socket.cork();
    this.#together += 1;
    try {
      return send();
    } finally {
      this.#together -= 1;
      this.#socket.uncork();
    }
  }

  /**
   * Holds what is issued from now until this turn of the event loop has run its callbacks
   * (setImmediate), then it leaves in one write: statements of several requests issued in one turn.
   */
  holdWritesThisTurn() {
    if (this.#heldThisTurn) return;
    this.#heldThisTurn = true;
    this.#socket.cork();
    setImmediate(() => {
      this.#heldThisTurn = false;
      this.#socket.uncork();
    });
  }

  /** False once it is closing (end() called by its owner, or after a refused statement): send nothing more on it. */
  get takesStatements(): boolean {
    return !this.#closing;
  }

  override end(): Promise<void>;
  override end(callback: (error: Error) => void): void;
  override end(callback?: (error: Error) => void): Promise<void> | void {
    this.#closing = true;
    return callback ? super.end(callback) : super.end();
  }

  /** Closes its socket at once, without the goodbye end() waits for: for a connection that never became ready. */
  closeNow() {
    this.#closing = true;
    this.#socket.destroy();
  }

  /** From now on every statement fails with `reason` without being sent; null takes statements again. */
  refuseStatements(reason: string | null) {
    this.#refusal = reason;
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards all of pg's query overloads, whose results differ by form
  override query(config: any, values?: any, callback?: any): any {
    const done: Callback | undefined =
      typeof values === 'function'
        ? values
        : (callback ?? (typeof config?.callback === 'function' ? config.callback : undefined));
    if (this.#refusal !== null) {
      const error = new Error(this.#refusal);
      if (done) {
        process.nextTick(() => done(error));
        return undefined;
      }
      return Promise.reject(error);
    }
    // A query object of its own (pg.Query and the like) keeps its own callback and is counted as sent.
    if (typeof config?.submit === 'function') {
      this.#sent += 1;
      return super.query(config, values, callback);
    }
    // pg reports a statement it refuses on the spot (a value it cannot bind) to the callback before
    // query() returns; anything reported later reached the connection.
    let returned = false;
    let refused = false;
    const answered =
      (next: Callback): Callback =>
      (error, result) => {
        if (!returned && error) refused = true;
        next(error, result);
      };
    let result: unknown;
    if (done) {
      result =
        typeof values === 'function'
          ? super.query(config, answered(done))
          : super.query(config, values, answered(done));
    } else {
      result = new Promise<pg.QueryResult>((resolve, reject) => {
        super.query(
          config,
          values,
          answered((error, answer) => (error ? reject(error) : resolve(answer!))),
        );
      });
    }
    returned = true;
    if (!refused) this.#sent += 1;
    else if (config?.name) {
      // pg closes a named statement it refused to bind on the server, yet still counts it as prepared
      // on this connection (pg 8.23.1), so every later use would fail with "prepared statement does
      // not exist": the connection is closed instead, and the pool opens a new one.
      this.end().catch(() => {});
    }
    return result;
  }
}
