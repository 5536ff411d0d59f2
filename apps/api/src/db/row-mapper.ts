// A statement's rows (arrays, one value per selected field) as the objects Drizzle returns, with the
// plan — each field's place in the object and its decoder — worked out once per statement of fixed
// text (fixed-statement.ts) instead of for every row. Drizzle's own mapper (mapResultRow, drizzle-orm
// 0.45 utils.js) checks each field's kind and walks its path with an iterator on every row; for the
// ~120 columns a payment's statements return that was its largest allocation after the rows
// themselves. The result is the same: nested objects by path, a NULL as null, every other value
// through the column's (or SQL fragment's) mapFromDriverValue, and a left-joined table whose columns
// all came back NULL as null rather than an object of nulls.
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as Drizzle orders them for a query (`fields` of its prepared query). */
export interface OrderedField {
  path: string[];
  field: unknown;
}

interface Step {
  parents: string[];
  key: string;
  decoder: Decoder;
  /** A column of a joined table, at depth two: the table whose columns may all be NULL. */
  joinedTable: string | null;
}

/** As Drizzle picks it: the column itself, or the decoder of the SQL fragment (plain, in a subquery, aliased). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const sqlOf = is(field, SQL) ? field : is(field, Subquery) ? field._.sql : (field as { sql: SQL }).sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
}

export type RowMapper = (row: unknown[]) => Record<string, unknown>;

export function compileRowMapper(
  fields: readonly OrderedField[],
  joinsNotNullable: Record<string, boolean> | undefined,
): RowMapper {
  const steps: Step[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
    joinedTable: joinsNotNullable && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  return (row) => {
    const result: Record<string, unknown> = {};
    // Per nested object: the one table all of whose columns so far were NULL, or false.
    let nullable: Record<string, string | false> | undefined;
    for (let i = 0; i < steps.length; i += 1) {
      const step = steps[i]!;
      let node = result;
      for (const parent of step.parents) {
        if (!(parent in node)) node[parent] = {};
        node = node[parent] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : step.decoder.mapFromDriverValue(raw);
      node[step.key] = value;
      if (step.joinedTable !== null) {
        nullable ??= {};
        const name = step.parents[0]!;
        if (!(name in nullable)) nullable[name] = value === null ? step.joinedTable : false;
        else if (typeof nullable[name] === 'string' && nullable[name] !== step.joinedTable) nullable[name] = false;
      }
    }
    if (nullable && joinsNotNullable) {
      for (const name in nullable) {
        const table = nullable[name];
        if (typeof table === 'string' && !joinsNotNullable[table]) result[name] = null;
      }
    }
    return result;
  };
}
