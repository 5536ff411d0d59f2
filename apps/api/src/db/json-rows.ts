// Set-based statements whose rows travel as one JSON parameter. Drizzle writes a multi-row INSERT as one
// parameter per value, and building that text costs more Node time than PostgreSQL spends running it
// (measured in the decision below). Here the text
// names each column once, whatever the number of rows: PostgreSQL unpacks the rows itself
// (json_populate_recordset, json_to_recordset). docs/decisions/0026-batch-rows-as-one-json-parameter.md.
import { type Column, getTableColumns, is, Param, SQL, sql, type Table } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

const JSON_TYPES = new Set(['json', 'jsonb']);

/** A column Drizzle leaves out of an INSERT: one PostgreSQL computes itself (GENERATED ALWAYS). */
const generatedAlways = (column: Column) => column.generated !== undefined && column.generated.type !== 'byDefault';

/**
 * `insert into table (…) select … from json_populate_recordset(…)` for `rows`, as Drizzle's
 * `insert(table).values(rows)` would write them: a column a row leaves undefined takes its default
 * (Drizzle's $defaultFn or $onUpdateFn computed here per row, a default of the schema written into
 * the text). Where JSON cannot say what VALUES says — a defaulted column some rows give and others
 * leave out (VALUES writes DEFAULT there), a default only the database knows (a serial), a value that
 * is SQL or that JSON would change (bytes, a BigInt, NaN) — it is Drizzle's own multi-row VALUES.
 * Either way the builder takes `.onConflictDoNothing()` and `.returning()`; `db` may be a `db.with(…)`.
 */
export function insertRows<T extends PgTable>(db: Pick<DbOrTx, 'insert'>, table: T, rows: T['$inferInsert'][]) {
  const select = rowsSelect(table, rows as Record<string, unknown>[]);
  return select ? db.insert(table).select(select) : db.insert(table).values(rows);
}

function rowsSelect(table: Table, rows: Record<string, unknown>[]): SQL | undefined {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !generatedAlways(column));
  const records: Record<string, unknown>[] = rows.map(() => ({}));
  const picks: SQL[] = [];
  for (const [field, column] of columns) {
    const given = rows.filter((row) => row[field] !== undefined).length;
    // As Drizzle's VALUES: $onUpdateFn only for a column without a default.
    const computed = column.defaultFn ?? (column.default ? undefined : column.onUpdateFn);
    if (given === 0 && !computed) {
      // Left out by every row: the schema's default, or null where it has none.
      if (column.default !== undefined)
        picks.push(is(column.default, SQL) ? column.default : sql`${sql.param(column.default, column)}`);
      else if (column.hasDefault) return undefined;
      else picks.push(sql`null`);
      continue;
    }
    if (given < rows.length && !computed && (column.hasDefault || column.default !== undefined)) return undefined;
    const asJson = JSON_TYPES.has(column.getSQLType());
    for (const [i, row] of rows.entries()) {
      let value = row[field];
      if (value === undefined && computed) value = computed();
      if (is(value, SQL) || is(value, Param)) return undefined;
      const encoded =
        value === undefined || value === null || asJson ? (value ?? null) : column.mapToDriverValue(value);
      if (!asJson && !travelsAsJson(encoded)) return undefined;
      records[i]![column.name] = encoded;
    }
    picks.push(sql`r.${sql.identifier(column.name)}`);
  }
  return sql`select ${sql.join(picks, sql`, `)} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json) as r`;
}

/** An encoded value JSON carries unchanged: not a Buffer (bytea), a BigInt, NaN or Infinity. */
const travelsAsJson = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/**
 * `json_to_recordset($1) as alias(definition)`: `records` as a set of rows to update from or join,
 * named and typed by `definition` (`id uuid, number text`), whose names are the records' keys.
 */
export const jsonRecords = (alias: string, definition: string, records: object[]) =>
  sql`json_to_recordset(${JSON.stringify(records)}::json) as ${sql.identifier(alias)}(${sql.raw(definition)})`;
