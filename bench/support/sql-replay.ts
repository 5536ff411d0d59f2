// A payment's SQL as a replayable script, and the replay itself: the floor a payment cannot beat,
// because it is only the statements, sent from one process with nothing computed in between.
//
// A captured statement carries the ids of that one payment. In the script each id becomes a
// placeholder, so every replay writes its own rows: {{fix:name}} is a row that exists before the
// payment (the merchant, the product), {{row:i:path}} a value an earlier statement returned (the
// checkout session's id, the transaction's id), {{new:n}} an id made in the application (a buyer
// id, the Idempotency-Key), {{at:ms}} a time relative to now. A fixture need not be an id: any other
// value of a row that exists before the payment (a saved card's processor token, its fingerprint) is
// named wherever it appears, so that one script replays for each of several such rows.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { PipelineClient } from '../../apps/api/src/db/pipeline-client.ts';
import { type CapturedStatement, writtenWithPrevious } from './sql-capture.ts';

export interface ScriptStatement {
  text: string;
  params: unknown[];
  /** Prepared under this name by the payment (a fixed statement): replayed as a named statement too. */
  name?: string;
  rowMode?: 'array';
  /** Written in one write with the previous statement (pipelined, before its answer): replayed so too. */
  withPrevious?: true;
}

export interface PaymentScript {
  /** What the script was captured from, and when. */
  source: string;
  statements: ScriptStatement[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const TRANSACTION_CONTROL = /^(begin|commit|rollback)\b/i;

/** Turns one captured payment into a script; `fixtures` names the rows that exist before it. */
export function toScript(
  captured: readonly CapturedStatement[],
  fixtures: Record<string, string>,
  capturedAt: number,
  source: string,
): PaymentScript {
  const named = new Map<string, string>(
    Object.entries(fixtures).map(([name, id]) => [id.toLowerCase(), `fix:${name}`]),
  );
  const values = Object.entries(fixtures).filter(([, value]) => !new RegExp(`^${UUID.source}$`, 'i').test(value));
  const fresh = new Map<string, string>();
  const template = (value: string) =>
    values
      .reduce((text, [name, fixture]) => text.replaceAll(fixture, `{{fix:${name}}}`), value)
      .replace(UUID, (id) => {
        const key = id.toLowerCase();
        const known = named.get(key);
        if (known) return `{{${known}}}`;
        if (!fresh.has(key)) fresh.set(key, `new:${fresh.size}`);
        return `{{${fresh.get(key)}}}`;
      })
      .replace(ISO_TIME, (t) => `{{at:${Date.parse(t) - capturedAt}}}`);
  const statements = captured.map((s, index): ScriptStatement => {
    const params = s.params.map((p) =>
      typeof p === 'string' ? template(p) : p instanceof Date ? template(p.toISOString()) : p,
    );
    // Ids this statement returns are what later statements refer to, not fresh ones.
    forEachValue(s.rows, (path, value) => {
      if (typeof value !== 'string' || !new RegExp(`^${UUID.source}$`, 'i').test(value)) return;
      const key = value.toLowerCase();
      if (!named.has(key)) named.set(key, `row:${index}:${path}`);
    });
    const withPrevious = writtenWithPrevious(s, captured[index - 1]);
    return {
      text: s.text,
      params,
      ...(s.name ? { name: s.name } : {}),
      ...(s.rowMode ? { rowMode: s.rowMode } : {}),
      ...(withPrevious ? { withPrevious: true as const } : {}),
    };
  });
  return { source, statements };
}

function forEachValue(rows: unknown[], visit: (path: string, value: unknown) => void) {
  rows.forEach((row, r) => {
    if (row && typeof row === 'object') {
      for (const [k, v] of Object.entries(row)) visit(`${r}.${k}`, v);
    }
  });
}

/** Statements other than BEGIN/COMMIT, and how many commits write something. */
export function countScript(script: PaymentScript) {
  const units = unitsOf(script.statements);
  const writes = /^\s*(insert|update|delete|with)\b|for update/i;
  return {
    statements: script.statements.filter((s) => !TRANSACTION_CONTROL.test(s.text.trim())).length,
    commits: units.filter((u) => u.transaction || u.statements.some((s) => writes.test(s.statement.text))).length,
    roundTrips: groupsOf(script.statements).length,
  };
}

interface Unit {
  transaction: boolean;
  statements: { index: number; statement: ScriptStatement }[];
}

function unitsOf(statements: readonly ScriptStatement[]): Unit[] {
  const units: Unit[] = [];
  let open: Unit | null = null;
  statements.forEach((statement, index) => {
    const control = statement.text.trim().toLowerCase();
    if (control.startsWith('begin')) {
      open = { transaction: true, statements: [] };
      units.push(open);
    } else if (control.startsWith('commit') || control.startsWith('rollback')) {
      open = null;
    } else if (open) {
      (open as Unit).statements.push({ index, statement });
    } else {
      units.push({ transaction: false, statements: [{ index, statement }] });
    }
  });
  return units;
}

export type ReplayTarget = { kind: 'pg'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };

/** One payment's statements against `target`, with fresh ids each time it is called. */
export function replayer(target: ReplayTarget, script: PaymentScript, fixtures: Record<string, string>) {
  const units = unitsOf(script.statements);
  const groups = groupsOf(script.statements);
  return async function replayOnce() {
    const results = new Map<number, unknown[]>();
    const fresh = new Map<string, string>();
    const fill = (value: unknown) =>
      typeof value !== 'string'
        ? value
        : value.replace(/\{\{([a-z]+):([^}]+)\}\}/g, (_, kind: string, ref: string) => {
            if (kind === 'fix') return fixtures[ref] ?? missing(ref);
            if (kind === 'at') return new Date(Date.now() + Number(ref)).toISOString();
            if (kind === 'new') {
              if (!fresh.has(ref)) fresh.set(ref, crypto.randomUUID());
              return fresh.get(ref)!;
            }
            const [index, row, key] = ref.split(/[:.]/);
            const rows = results.get(Number(index));
            const found = (rows?.[Number(row)] as Record<string, unknown> | undefined)?.[key!];
            return typeof found === 'string' ? found : missing(ref);
          });
    if (target.kind === 'pg') {
      // Statement by statement as the payment sent them: a group pipelined in the payment is written
      // at once here too, on the transaction's connection.
      let client: pg.PoolClient | null = null;
      try {
        for (const group of groups) {
          if (group.begins) {
            if (client) throw new Error('replay: BEGIN inside a transaction');
            client = await target.pool.connect();
          }
          const on = pgQuery(client ?? target.pool);
          // Every value is filled in before anything of the group is sent.
          const filled = group.statements.map(({ index, statement }) => ({
            index,
            statement,
            params: statement.params.map(fill),
          }));
          const issue = ({ index, statement, params }: (typeof filled)[number]) =>
            on(statement, params).then((rows) => {
              results.set(index, rows);
            });
          if (filled.length === 1) await issue(filled[0]!);
          else if (!(client instanceof PipelineClient)) {
            throw new Error('replay: statements pipelined outside a transaction or off a PipelineClient pool');
          } else await Promise.all(client.sendTogether(() => filled.map(issue)));
          if (group.ends) {
            client?.release();
            client = null;
          }
        }
        if (client) throw new Error('replay: the script ends inside a transaction');
      } catch (error) {
        let broken: Error | undefined;
        await client?.query('rollback').catch((e: Error) => {
          broken = e;
        });
        client?.release(broken ?? false);
        throw error;
      }
      return;
    }
    const run = async (
      query: (text: string, params: unknown[], rowMode?: 'array') => Promise<unknown[]>,
      unit: Unit,
    ) => {
      for (const { index, statement } of unit.statements) {
        results.set(index, await query(statement.text, statement.params.map(fill), statement.rowMode));
      }
    };
    for (const unit of units) {
      if (unit.transaction) await target.client.transaction((tx) => run(liteQuery(tx), unit));
      else await run(liteQuery(target.client), unit);
    }
  };
}

interface Group {
  statements: { index: number; statement: ScriptStatement }[];
  /** Starts with BEGIN: the transaction's connection is taken first. */
  begins: boolean;
  /** Holds COMMIT or ROLLBACK: the connection is given back after it. */
  ends: boolean;
}

/** The statements in the writes they went out in: each group one statement, or several pipelined. */
function groupsOf(statements: readonly ScriptStatement[]): Group[] {
  const groups: Group[] = [];
  statements.forEach((statement, index) => {
    const control = TRANSACTION_CONTROL.exec(statement.text.trim())?.[1]?.toLowerCase();
    const last = groups.at(-1);
    if (statement.withPrevious && last) last.statements.push({ index, statement });
    else groups.push({ statements: [{ index, statement }], begins: control === 'begin', ends: false });
    groups.at(-1)!.ends ||= control === 'commit' || control === 'rollback';
  });
  return groups;
}

const missing = (ref: string): never => {
  throw new Error(`replay: no value for {{${ref}}}`);
};

const pgQuery =
  (client: pg.Pool | pg.PoolClient) =>
  async ({ text, name, rowMode }: ScriptStatement, values: unknown[]): Promise<unknown[]> =>
    (await client.query({ text, values, ...(name ? { name } : {}), ...(rowMode ? { rowMode } : {}) })).rows;

const liteQuery =
  (client: Pick<PGlite, 'query'>) =>
  async (text: string, params: unknown[], rowMode?: 'array'): Promise<unknown[]> =>
    (await client.query(text, params, rowMode ? { rowMode } : {})).rows;
