// How long a text a person types may be, counted as the person sees it: in characters on the screen
// (Unicode grapheme clusters, UAX #29, through Intl.Segmenter), not in UTF-16 code units, which is
// what `string.length` and zod's `.max()` count. "👍" is one character but two units; "👩‍👩‍👧" is one
// character but eight. One rule for every such limit, on the server and in the web forms alike.
import { z } from 'zod';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The characters a person sees in `text`: grapheme clusters. */
export function visibleLength(text: string): number {
  // ASCII is one character per unit, except CR LF (one cluster): most text takes the fast way.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/**
 * The UTF-16 units one visible character may take at most. The longest emoji (a kiss with two skin
 * tones, 🧑🏻‍❤️‍💋‍🧑🏼) takes 15; a cluster has no limit of its own (stacked combining marks, "Zalgo"
 * text, make one character of thousands of units), so this bounds what a limit lets through in bytes.
 */
export const UNITS_PER_CHARACTER = 16;

/**
 * `schema` limited to `max` characters as a person counts them (visibleLength), with `message` when
 * longer. Put it around the string schema with its trim and minimum, before `.optional()`,
 * `.nullable()` or `.default()`: the OpenAPI document then shows `maxLength: max`.
 */
export function maxChars<S extends z.ZodString>(schema: S, max: number, message = `Use at most ${max} characters`): S {
  return schema
    .max(max * UNITS_PER_CHARACTER, message)
    .check(z.refine((text: string) => visibleLength(text) <= max, message))
    .meta({ maxLength: max }) as S;
}
