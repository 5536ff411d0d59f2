// Statements whose SQL text is built once and then run many times with new values. Drizzle builds a
// statement's text anew every time it runs; for the payment's statements (a 40-column insert, an
// update that carries six other writes) that building was a large share of the API's CPU per
// payment (measured in docs/decisions/0016-statements-of-fixed-text.md). A fixed statement is written with the
// same Drizzle builders over sql.placeholder()s and prepared with Drizzle's own `.prepare(name)`
// (public API: docs/decisions/0022-the-fast-path-on-public-apis.md) once per shape and per
// connection owner; every run only binds the values. On node-postgres the name makes it a named
// server-side statement, parsed once per connection. The SQL and the rows are Drizzle's own.
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * A statement's values in named groups, each group from one builder (`{ event: {...}, audit: {...} }`).
 * The fields given are part of the shape; an `undefined` one is left out, as Drizzle leaves it out
 * (an insert takes the column's default, an update leaves the column as it is), and a `null` one is
 * written into the text as NULL, as Drizzle writes it (a placeholder's value would go through the
 * column's encoder, which does not take null). An inserted row's id is always given: a column
 * default computed in JavaScript ($defaultFn) would be computed once, into the text.
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

/** What Drizzle's select, insert, update and delete builders offer: `.prepare(name)`. */
interface Preparable<Row> {
  prepare(name: string): PreparedStatement<Row>;
}
interface PreparedStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** Marks, in a shape's list of given fields, that the field before it is null, and where a group ends. */
const IS_NULL = Symbol('null');
const GROUP_END = Symbol('end of group');
type GivenField = string | typeof IS_NULL | typeof GROUP_END;

/** The groups of `values` and their given fields in order: each null one marked, each group closed. */
function givenFieldsOf(values: StatementValues): GivenField[] {
  const given: GivenField[] = [];
  for (const group in values) {
    given.push(group);
    const fields = values[group] as Record<string, unknown>;
    for (const field in fields) {
      const value = fields[field];
      if (value === undefined) continue;
      given.push(field);
      if (value === null) given.push(IS_NULL);
    }
    given.push(GROUP_END);
  }
  return given;
}

/** Whether `values` gives exactly the fields of `given`, null where it has null (without building a key). */
function hasGivenFields(values: StatementValues, given: readonly GivenField[]): boolean {
  let at = 0;
  for (const group in values) {
    if (given[at++] !== group) return false;
    const fields = values[group] as Record<string, unknown>;
    for (const field in fields) {
      const value = fields[field];
      if (value === undefined) continue;
      if (given[at++] !== field) return false;
      if ((value === null) !== (given[at] === IS_NULL)) return false;
      if (value === null) at += 1;
    }
    if (given[at++] !== GROUP_END) return false;
  }
  return at === given.length;
}

/** Each given, non-null field as a placeholder named `group.field`; null stays null. */
function withPlaceholders<V extends StatementValues>(values: V): V {
  const out: Record<string, object> = {};
  for (const [group, fields] of Object.entries(values) as [string, Record<string, unknown>][]) {
    const given = Object.keys(fields).filter((field) => fields[field] !== undefined);
    out[group] = Object.fromEntries(
      given.map((field) => [field, fields[field] === null ? null : sql.placeholder(`${group}.${field}`)]),
    );
  }
  return out as V;
}

interface Shape {
  given: GivenField[];
  /** The server-side statement's name: one per text, unique in the process. */
  name: string;
  /** The placeholders' names and where each value is found. */
  slots: { group: string; field: string; placeholder: string }[];
}

let statementsNamed = 0;

/**
 * A statement of fixed text per shape. `build` writes it with Drizzle from the values it is given
 * (placeholders, the first time a shape is prepared) and `parts` (how the carried writes are built);
 * `shape` names what changes the text besides the groups and fields given (which outcome, which
 * optional part), so one shape always comes with the same `parts`. `label` starts the names of its
 * server-side statements.
 */
export function fixedStatement<V extends StatementValues, Row, Parts = undefined>(
  label: string,
  build: (db: DbOrTx, values: V, parts: Parts) => Preparable<Row>,
) {
  const shapes = new Map<string, Shape[]>();
  // Prepared once per connection owner: the pool, a pipelined transaction's connection (db.$client),
  // or else the handle itself (a Drizzle transaction, which has no $client).
  const prepared = new WeakMap<object, Map<string, PreparedStatement<Row>>>();

  return function run(db: DbOrTx, shape: string, values: V, parts?: Parts): Promise<Row[]> {
    const seen = shapes.get(shape) ?? [];
    let known = seen.find((entry) => hasGivenFields(values, entry.given));
    if (!known) {
      const given = givenFieldsOf(values);
      const slots: Shape['slots'] = [];
      for (const group in values) {
        const fields = values[group] as Record<string, unknown>;
        for (const field in fields) {
          if (fields[field] !== undefined && fields[field] !== null) {
            slots.push({ group, field, placeholder: `${group}.${field}` });
          }
        }
      }
      statementsNamed += 1;
      known = { given, name: `kassa_${label}_${statementsNamed}`, slots };
      shapes.set(shape, [...seen, known]);
    }
    const owner = '$client' in db && typeof db.$client === 'object' && db.$client !== null ? db.$client : db;
    let ofOwner = prepared.get(owner);
    if (!ofOwner) {
      ofOwner = new Map();
      prepared.set(owner, ofOwner);
    }
    let statement = ofOwner.get(known.name);
    if (!statement) {
      statement = build(db, withPlaceholders(values), parts as Parts).prepare(known.name);
      ofOwner.set(known.name, statement);
    }
    const bound: Record<string, unknown> = {};
    for (const slot of known.slots)
      bound[slot.placeholder] = (values[slot.group] as Record<string, unknown>)[slot.field];
    return statement.execute(bound);
  };
}
