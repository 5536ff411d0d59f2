// node-postgres's own Query for the statements of fixed text (fixed-statement.ts), with lighter row
// handling; the rows are then mapped to objects by row-mapper.ts. For every statement pg's Query
// builds a row template from the column names and asks for a type parser per column
// (Result.addFields), and Drizzle wrapped each run in a prepared-query object, tracing spans and two
// query configs; for the ~120 columns a payment's statements return, that was about 8 % of the API's
// CPU per payment (docs/decisions/0016-statements-of-fixed-text.md). A statement of fixed
// text returns the same columns every time, so here the parsers are taken once per statement and
// each row is parsed straight into an array. What goes over the wire, the errors and the connection's
// state are pg's Query's own; only the handling of the rows is replaced (pg is pinned in
// package.json: this relies on its Query's `_result.rows` and `_canceledDueToError`).
import pg from 'pg';

/**
 * Types Drizzle's node-postgres driver reads as the server's text (drizzle-orm/node-postgres/session.js):
 * timestamps, dates and intervals and their arrays, which the columns then map themselves.
 */
const KEPT_AS_TEXT = new Set([1082, 1114, 1182, 1184, 1185, 1186, 1187, 1115, 1231]);
const asText = (value: string) => value;

type Parser = (value: string) => unknown;

/** One statement's column types and their parsers, learnt from its first row description. */
export interface StatementColumns {
  types: number[];
  parsers: Parser[];
}

interface RowDescription {
  fields: { dataTypeID: number; format?: string }[];
}

type QueryCallback = (error: Error | null, result?: { rows: unknown[][] }) => void;

class RowsQuery extends pg.Query {
  private parsers: Parser[] | null = null;
  declare private _result: { rows: unknown[][] };
  declare private _canceledDueToError: unknown;

  constructor(
    text: string,
    values: unknown[],
    private readonly columns: StatementColumns,
  ) {
    super(text, values);
  }

  handleRowDescription(msg: RowDescription) {
    if (this.parsers) {
      // A second result: the text held more than one statement, which a statement of fixed text
      // never does (Drizzle builds one); refused rather than merged.
      this._canceledDueToError = new Error('A statement of fixed text returned more than one result.');
      return;
    }
    const { fields } = msg;
    const known = this.columns;
    let same = known.types.length === fields.length;
    for (let i = 0; same && i < fields.length; i += 1) same = known.types[i] === fields[i]!.dataTypeID;
    if (!same) {
      known.types = fields.map((field) => field.dataTypeID);
      known.parsers = fields.map((field) =>
        KEPT_AS_TEXT.has(field.dataTypeID)
          ? asText
          : (pg.types.getTypeParser(field.dataTypeID, field.format === 'binary' ? 'binary' : 'text') as Parser),
      );
    }
    this.parsers = known.parsers;
  }

  handleDataRow(msg: { fields: (string | null)[] }) {
    if (this._canceledDueToError) return;
    const values = msg.fields;
    const row = new Array<unknown>(values.length);
    try {
      for (let i = 0; i < values.length; i += 1) {
        const value = values[i];
        row[i] = value === null || value === undefined ? null : this.parsers![i]!(value);
      }
    } catch (error) {
      // As pg's Query does: the statement's answer is this error, once the server is ready again.
      this._canceledDueToError = error;
      return;
    }
    this._result.rows.push(row);
  }
}

/** The statement's rows as arrays, on a pool (a connection taken and given back) or a checked-out client. */
export function queryRows(
  client: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[],
  columns: StatementColumns,
): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    // A callback as the second argument is how both a pool (which then gives its connection back)
    // and a client take a query object.
    const taker = client as unknown as { query(query: RowsQuery, callback: QueryCallback): void };
    taker.query(new RowsQuery(text, values, columns), (error, result) =>
      error ? reject(error) : resolve(result!.rows),
    );
  });
}
