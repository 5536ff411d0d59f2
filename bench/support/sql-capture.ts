// Records the SQL the real code path sends while `work` runs, at the driver: node-postgres
// (Client.prototype.query, which pool queries and transactions both go through) and PGlite
// (query, and the handle its transaction() passes in). Nothing else may use the database meanwhile:
// the log is read as one payment's statements in order.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PipelineClient } from '../../apps/api/src/db/pipeline-client.ts';

export interface CapturedStatement {
  text: string;
  params: unknown[];
  /** The server-side statement's name, when the caller prepared it (a fixed statement), for replaying alike. */
  name?: string;
  /** 'array' when the caller asked for rows as arrays (Drizzle's selects), for replaying alike. */
  rowMode?: 'array';
  /** The rows it returned, to find which later parameters came from them. */
  rows: unknown[];
  /** performance.now() when it was sent and when its answer came back. */
  sentAt: number;
  answeredAt?: number;
  /** Issued inside PipelineClient.sendTogether: it left in one write with the statements around it. */
  together?: true;
  /** Which node-postgres connection sent it (numbered in order of first use): statements of work run side by side interleave. */
  connection?: number;
}

/** Issued while the socket was corked and before `previous` was answered: it left in the same write. */
export const writtenWithPrevious = (statement: CapturedStatement, previous: CapturedStatement | undefined) =>
  !!statement.together && previous?.answeredAt !== undefined && statement.sentAt < previous.answeredAt;

type AnyFn = (...args: unknown[]) => unknown;
type QueryConfig = { text: string; name?: string; values?: unknown[]; rowMode?: string };

let sink: CapturedStatement[] | null = null;
const connections = new WeakMap<object, number>();
let connectionCount = 0;

function record(
  text: string,
  params: unknown[] | undefined,
  rowMode: string | undefined,
  client?: unknown,
  name?: string,
): CapturedStatement | null {
  if (!sink) return null;
  const entry: CapturedStatement = { text, params: [...(params ?? [])], rows: [], sentAt: performance.now() };
  if (name) entry.name = name;
  if (rowMode === 'array') entry.rowMode = 'array';
  // By shape: the API the benches run is compiled with a class of its own (api-build.ts).
  if ((client as Partial<PipelineClient> | undefined)?.isSendingTogether === true) entry.together = true;
  if (client && typeof client === 'object') {
    if (!connections.has(client)) connections.set(client, ++connectionCount);
    entry.connection = connections.get(client);
  }
  sink.push(entry);
  return entry;
}

let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const pgQuery = pg.Client.prototype.query as unknown as AnyFn;
  (pg.Client.prototype as unknown as { query: AnyFn }).query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const config: QueryConfig | null =
      typeof first === 'string'
        ? { text: first, values: Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined }
        : first && typeof first === 'object' && 'text' in first
          ? { ...(first as QueryConfig), values: (first as QueryConfig).values ?? (args[1] as unknown[] | undefined) }
          : null;
    const entry = config ? record(config.text, config.values, config.rowMode, this, config.name) : null;
    if (!entry) return pgQuery.apply(this, args);
    const last = args.length - 1;
    const callback = args[last];
    if (last > 0 && typeof callback === 'function') {
      args[last] = (err: unknown, res: { rows?: unknown[] } | undefined) => {
        entry.rows = res?.rows ?? [];
        entry.answeredAt = performance.now();
        (callback as AnyFn)(err, res);
      };
      return pgQuery.apply(this, args);
    }
    const result = pgQuery.apply(this, args) as Promise<{ rows?: unknown[] }>;
    return result.then((res) => {
      entry.rows = res?.rows ?? [];
      entry.answeredAt = performance.now();
      return res;
    });
  };

  const liteProto = PGlite.prototype as unknown as { query: AnyFn; transaction: AnyFn };
  const liteQuery = liteProto.query;
  const wrapQuery = (query: AnyFn) =>
    async function (this: unknown, ...args: unknown[]) {
      const [text, params, options] = args as [string, unknown[] | undefined, { rowMode?: string } | undefined];
      const entry = record(String(text), params, options?.rowMode);
      const res = (await query.call(this, text, params, options)) as { rows?: unknown[] };
      if (entry) {
        entry.rows = res?.rows ?? [];
        entry.answeredAt = performance.now();
      }
      return res;
    };
  liteProto.query = wrapQuery(liteQuery);
  const liteTransaction = liteProto.transaction;
  liteProto.transaction = function (this: unknown, callback: unknown) {
    return liteTransaction.call(this, async (tx: { query: AnyFn }) => {
      record('BEGIN', [], undefined);
      const txQuery = tx.query;
      const wrapped = { ...tx, query: wrapQuery(txQuery) };
      Object.defineProperty(wrapped, 'closed', { get: () => (tx as unknown as { closed: boolean }).closed });
      try {
        const out = await (callback as AnyFn)(wrapped);
        record('COMMIT', [], undefined);
        return out;
      } catch (error) {
        record('ROLLBACK', [], undefined);
        throw error;
      }
    });
  };
}

/**
 * Commits of captured statements, counted connection by connection (so that transactions run side by
 * side do not interleave into each other): each transaction, and each write sent outside one.
 */
export function countCommits(statements: readonly CapturedStatement[]): number {
  const open = new Set<number | undefined>();
  const writes = /^\s*(insert|update|delete|with)\b|for update/i;
  let commits = 0;
  for (const s of statements) {
    const control = s.text.trim().toLowerCase();
    if (control.startsWith('begin')) {
      open.add(s.connection);
      commits++;
    } else if (control.startsWith('commit') || control.startsWith('rollback')) open.delete(s.connection);
    else if (!open.has(s.connection) && writes.test(s.text)) commits++;
  }
  return commits;
}

/** The statements `work` sent, in order (BEGIN/COMMIT included), and its result. */
export async function captureSql<T>(work: () => Promise<T>): Promise<{ statements: CapturedStatement[]; result: T }> {
  install();
  if (sink) throw new Error('captureSql: a capture is already running');
  const statements: CapturedStatement[] = [];
  sink = statements;
  try {
    const result = await work();
    return { statements, result };
  } finally {
    sink = null;
  }
}
