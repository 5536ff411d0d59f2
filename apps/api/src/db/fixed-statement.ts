// Statements whose SQL text is built once and then run many times with new values. Drizzle builds a
// statement's text anew every time it runs; for the payment's statements (a 40-column insert, an
// update that carries six other writes) that building was about a third of the API's CPU per
// payment (docs/decisions/0016-statements-of-fixed-text.md). A fixed statement is written
// with the same Drizzle builders, over placeholders instead of values: its text, parameter slots and
// row mapping are taken the first time a shape is needed, and every run binds the values and sends
// the text on the handle's own connection (pool or open transaction): on PostgreSQL straight through
// node-postgres with its column parsers learnt once (pg-rows-query.ts), on PGlite through Drizzle's
// session. The SQL sent and the rows returned are exactly what Drizzle itself would send and return.
import { entityKind, is, Param, Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from './client.ts';
import { queryRows, type StatementColumns } from './pg-rows-query.ts';
import { compileRowMapper, type OrderedField, type RowMapper } from './row-mapper.ts';

/**
 * A statement's values in named groups, each group from one builder (`{ event: {...}, audit: {...} }`).
 * The fields given are part of the shape; an `undefined` one is left out, as Drizzle leaves it out
 * (an insert takes the column's default, an update leaves the column as it is). An inserted row's id
 * is always given: a column default computed in JavaScript ($defaultFn) would be computed once, into
 * the text.
 */
export type StatementValues = Record<string, object>;

/** A write that another statement can carry: its values, and how its text is built from them or from their placeholders. */
export interface CarriedWrite<V extends object = object> {
  values: V;
  build(db: DbOrTx, values: V): SQLWrapper;
}

/** The write built with its own values, for a statement that is not fixed. */
export const builtWrite = <V extends object>(db: DbOrTx, write: CarriedWrite<V>) => write.build(db, write.values);

/** The write on its own, as one statement. */
export const runWrite = (db: DbOrTx, write: CarriedWrite) => db.execute(builtWrite(db, write).getSQL());

type Slot = { value: unknown } | { group: string; field: string; encode: (value: unknown) => unknown };

interface Shape {
  text: string;
  slots: Slot[];
  fields: unknown;
  arrayMode: boolean;
  mapper: unknown;
  joins: unknown;
  /** On PostgreSQL: the columns' parsers, learnt from the first answer (pg-rows-query.ts). */
  columns: StatementColumns;
  /** On PostgreSQL: rows to objects, planned once (row-mapper.ts). */
  mapRow?: RowMapper;
}

/** Internal parts of Drizzle's prepared query (drizzle-orm 0.45), the same for node-postgres and PGlite. */
interface DrizzlePrepared {
  queryString: string;
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}
interface DrizzleSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    arrayMode: boolean,
    mapper?: unknown,
  ): DrizzlePrepared;
}

function standIns<V extends StatementValues>(values: V): V {
  const out: Record<string, object> = {};
  for (const [group, fields] of Object.entries(values) as [string, Record<string, unknown>][]) {
    const given = Object.keys(fields).filter((field) => fields[field] !== undefined);
    out[group] = Object.fromEntries(given.map((field) => [field, sql.placeholder(`${group}.${field}`)]));
  }
  return out as V;
}

function slotOf(param: unknown): Slot {
  const placeholder = is(param, Param) && is(param.value, Placeholder) ? param.value : param;
  if (!is(placeholder, Placeholder)) return { value: param };
  const [group, field] = placeholder.name.split('.') as [string, string];
  if (is(param, Param)) {
    const encoder = param.encoder;
    return { group, field, encode: (value) => encoder.mapToDriverValue(value) };
  }
  // A placeholder outside a column's value (a WHERE, a raw fragment): the driver sends it as given,
  // and a Date as its instant, which node-postgres and PGlite both read the same way.
  return { group, field, encode: (value) => (value instanceof Date ? value.toISOString() : value) };
}

const GROUP_END = Symbol('end of group');

/** The groups of `values` and their given (not undefined) fields, in order, each group closed by GROUP_END. */
function givenOf(values: StatementValues): (string | typeof GROUP_END)[] {
  const given: (string | typeof GROUP_END)[] = [];
  for (const group in values) {
    given.push(group);
    const fields = values[group] as Record<string, unknown>;
    for (const field in fields) if (fields[field] !== undefined) given.push(field);
    given.push(GROUP_END);
  }
  return given;
}

function sameGiven(values: StatementValues, given: readonly (string | typeof GROUP_END)[]): boolean {
  let at = 0;
  for (const group in values) {
    if (given[at++] !== group) return false;
    const fields = values[group] as Record<string, unknown>;
    for (const field in fields) {
      if (fields[field] !== undefined && given[at++] !== field) return false;
    }
    if (given[at++] !== GROUP_END) return false;
  }
  return at === given.length;
}

/**
 * A statement of fixed text per shape. `build` writes it with Drizzle from the values it is given
 * (placeholders, the first time a shape is seen) and `parts` (how the carried writes are built);
 * `shape` names what changes the text besides the groups and fields given (which outcome, which
 * optional part), so one shape always comes with the same `parts`.
 */
export function fixedStatement<V extends StatementValues, Row, Parts = undefined>(
  build: (db: DbOrTx, values: V, parts: Parts) => PromiseLike<Row[]> & SQLWrapper,
) {
  // Per shape name, each set of groups and given fields seen with it (one or two in practice) and its
  // statement: a call finds its own by comparing names, without building a key.
  const shapes = new Map<string, { given: (string | typeof GROUP_END)[]; known: Shape }[]>();

  const shapeOf = (db: DbOrTx, values: V, parts: Parts): Shape => {
    const prepared = (build(db, standIns(values), parts) as unknown as { _prepare(): DrizzlePrepared })._prepare();
    return {
      text: prepared.queryString,
      slots: prepared.params.map(slotOf),
      fields: prepared.fields,
      arrayMode: prepared._isResponseInArrayMode,
      mapper: prepared.customResultMapper,
      joins: prepared.joinsNotNullableMap,
      columns: { types: [], parsers: [] },
    };
  };

  return async function run(db: DbOrTx, shape: string, values: V, parts?: Parts): Promise<Row[]> {
    const seen = shapes.get(shape) ?? [];
    let known: Shape | undefined;
    for (const entry of seen) if (sameGiven(values, entry.given)) known = entry.known;
    if (!known) {
      known = shapeOf(db, values, parts as Parts);
      shapes.set(shape, [...seen, { given: givenOf(values), known }]);
    }
    const params = known.slots.map((slot) => {
      if ('value' in slot) return slot.value;
      const value = (values[slot.group] as Record<string, unknown>)[slot.field];
      return value === null ? null : slot.encode(value);
    });
    const session = (db as unknown as { _: { session: DrizzleSession } })._.session;
    const client = nodePgClientOf(session);
    if (client && known.fields && !known.mapper) {
      known.mapRow ??= compileRowMapper(
        known.fields as OrderedField[],
        known.joins as Record<string, boolean> | undefined,
      );
      const rows = await queryRows(client, known.text, params, known.columns);
      return rows.map(known.mapRow) as Row[];
    }
    const query = session.prepareQuery(
      { sql: known.text, params },
      known.fields,
      undefined,
      known.arrayMode,
      known.mapper,
    );
    if (known.joins) query.joinsNotNullableMap = known.joins;
    return (await query.execute()) as Row[];
  };
}

/**
 * The pool or checked-out connection behind a Drizzle node-postgres handle; null for PGlite, which
 * runs the statement through Drizzle's own session.
 */
function nodePgClientOf(session: DrizzleSession): pg.Pool | pg.PoolClient | null {
  const kind = (session.constructor as unknown as Record<symbol, unknown>)[entityKind];
  return kind === 'NodePgSession' ? (session as unknown as { client: pg.Pool | pg.PoolClient }).client : null;
}
