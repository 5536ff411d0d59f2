// A CSV download built row by row from an async source, for replies that stream.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * The CSV text of `rows` as a stream for `reply.send`. pipeline, not pipe: a failure in the source
 * (a query, a bad value) destroys the returned stream with that error, so the reply reading it answers
 * 500 before the first byte or cuts that one response short after it, and logs why. With pipe the
 * error was emitted on a stream nobody listened to, which ends the whole process.
 */
export function csvStream(rows: AsyncIterable<unknown[]>, columns: string[]): Readable {
  return pipeline(Readable.from(rows), stringify({ header: true, columns }), () => {
    // The error, if any, travels on to the reply through the returned stream.
  });
}

/** Spreadsheet programs run cells starting with = + - @ as formulas; prefix them so they stay text. */
export const spreadsheetSafe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
