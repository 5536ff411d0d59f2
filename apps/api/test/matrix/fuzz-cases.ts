// The malformed requests the fuzz test sends to one route, made from the route's own schemas: at most
// 24 per route (5 for path params, 1 for declared headers, 15 for the query, 19 for the body; a route
// with a body has no headers, and only an upload has a body, a shapeless one, and a query), so the
// whole matrix stays around a minute on PGlite.
import { type JsonSchema, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import {
  dateKind,
  IMPOSSIBLE_DATES,
  impossibleDate,
  isFreeText,
  LONE_SURROGATE_ENCODED,
  LONE_SURROGATE_TEXT,
  leafType,
  mutateFields,
  NUL_TEXT,
  sampleBody,
  sampleOf,
  TEN_KB,
  TRICKY_TEXT,
  toQueryString,
} from './samples.ts';

export interface FuzzCase {
  label: string;
  /** Raw (already encoded) values for every path param; omitted → the caller's well-formed id. */
  params?: string;
  query?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

function queryCases(schema: JsonSchema): FuzzCase[] {
  const props = schema.properties ?? {};
  const sample = sampleOf(schema, '', true) as Record<string, unknown>;
  const each = (value: (key: string, current: unknown) => unknown) =>
    toQueryString(Object.fromEntries(Object.keys(sample).map((k) => [k, value(k, sample[k])])));
  // One kind of parameter at a time, the others left out (defaults), so the value reaches the handler
  // instead of stopping at the first other field's validation.
  const only = (test: (key: string) => boolean, value: string) => {
    const keys = Object.keys(props).filter(test);
    return keys.length ? toQueryString(Object.fromEntries(keys.map((k) => [k, value]))) : null;
  };
  const isNumber = (k: string) => ['integer', 'number'].includes(leafType(props[k]) ?? '');
  const isText = (k: string) => leafType(props[k]) === 'string' && isFreeText(props[k]!, k);
  const targeted: [string, string | null][] = [
    ['query: LIKE wildcards and a trailing backslash in text', only(isText, '100%_\\')],
    ['query: SQL in text', only(isText, "x' OR 1=1; DROP TABLE users;--")],
    // Numbers allowed past 2^31 only (a page number, say): the others stop at validation, these reach SQL.
    [
      'query: numbers beyond 32 bits (the largest safe integer)',
      only(
        (k) => isNumber(k) && (props[k]?.maximum ?? Number.POSITIVE_INFINITY) > 2 ** 31,
        String(Number.MAX_SAFE_INTEGER),
      ),
    ],
    ['query: negative numbers', only(isNumber, '-1')],
    ['query: fractional and exponent numbers', only(isNumber, '2.5e1')],
    // Text PostgreSQL cannot store. A URL has no UTF-8 form for a lone surrogate: its would-be bytes.
    ['query: a NUL byte in text', only(isText, NUL_TEXT)],
    ['query: a lone UTF-16 surrogate in text', onlyRaw(props, isText, LONE_SURROGATE_ENCODED)],
    ...IMPOSSIBLE_DATES.map((day): [string, string | null] => [
      `query: the date ${day}`,
      only((k) => dateKind(props[k]) !== null, impossibleDate(undefined, day)),
    ]),
  ];
  return [
    { label: 'query: 10 kB in every parameter', query: each(() => TEN_KB) },
    {
      label: 'query: wrong types (NaN, "maybe", emoji, unknown enum)',
      query: each((_, v) => (typeof v === 'number' ? 'NaN' : typeof v === 'boolean' ? 'maybe' : TRICKY_TEXT)),
    },
    { label: 'query: every parameter repeated (arrays)', query: each((_, v) => [v, v]) },
    ...targeted.flatMap(([label, query]) => (query === null ? [] : [{ label, query }])),
  ];
}

/** A query string whose values are already percent-encoded (a lone surrogate has no encodeURIComponent form). */
function onlyRaw(props: Record<string, JsonSchema>, test: (key: string) => boolean, encoded: string): string | null {
  const keys = Object.keys(props).filter(test);
  return keys.length ? `?${keys.map((k) => `${encodeURIComponent(k)}=${encoded}`).join('&')}` : null;
}

/**
 * The minimal body plus every top-level field that holds a field of `kind`, those set by `replace`:
 * the rest of the body stays valid, so the value reaches the handler and the database.
 */
function withMinimalBody(
  schema: JsonSchema,
  full: unknown,
  minimal: unknown,
  kind: 'text' | 'date',
  replace: (current: unknown, field: JsonSchema) => unknown,
): unknown {
  const mutated = mutateFields(schema, full, kind, replace);
  if (!isRecord(full) || !isRecord(minimal) || !isRecord(mutated)) return mutated;
  const changed = Object.keys(mutated).filter((k) => JSON.stringify(mutated[k]) !== JSON.stringify(full[k]));
  return { ...minimal, ...Object.fromEntries(changed.map((k) => [k, mutated[k]])) };
}

/** Whether the schema has a field of `kind` anywhere. */
const hasField = (schema: JsonSchema, full: unknown, kind: 'text' | 'date') => {
  let found = false;
  mutateFields(schema, full, kind, (v) => {
    found = true;
    return v;
  });
  return found;
};

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

function bodyCases(schema: JsonSchema | null): FuzzCase[] {
  const shapeless: FuzzCase[] = [
    { label: 'body: JSON null', ...json(null) },
    { label: 'body: invalid JSON text', payload: '{"amount": 1, "name": "x",', contentType: 'application/json' },
    { label: 'body: wrong content type', payload: 'amount=1&name=x', contentType: 'text/plain' },
    { label: 'body: array instead of an object', ...json([{}]) },
  ];
  if (!schema) return shapeless;
  const full = sampleOf(schema, '', true);
  // The cases meant to pass validation start from the minimal body, which a handler accepts most often.
  const minimal = sampleBody(schema);
  const numbers = (v: unknown) => mutateFields(schema, full, 'number', () => v);
  const strings = (v: unknown) => mutateFields(schema, full, 'string', () => v);
  // Swap the shape of every nested object and array; the top level keeps its shape (case above).
  const swap = (s: JsonSchema | undefined, v: unknown) =>
    mutateFields(
      s,
      mutateFields(s, v, 'array', () => ({ '0': 'x' })),
      'object',
      () => [],
    );
  const swapped =
    full && typeof full === 'object' && !Array.isArray(full)
      ? Object.fromEntries(Object.entries(full).map(([k, v]) => [k, swap(schema.properties?.[k], v)]))
      : full;
  return [
    ...shapeless,
    {
      // Fields the schema does not know, among them a tenant the caller does not own (mass assignment).
      label: 'body: unknown fields and a foreign merchant_id',
      ...json({ ...(isRecord(minimal) ? minimal : {}), merchant_id: NIL_LIKE_UUID, is_admin: true, unexpected: [1] }),
    },
    { label: 'body: negative numbers', ...json(numbers(-1)) },
    { label: 'body: huge numbers', ...json(numbers(1e21)) },
    { label: 'body: fractional numbers', ...json(numbers(10.5)) },
    { label: 'body: numbers as strings', ...json(numbers('100')) },
    { label: 'body: 10 kB strings', ...json(strings(TEN_KB)) },
    // Only free-text fields, so the body stays valid and the text reaches the handler and the database.
    {
      label: 'body: emoji, RTL and zero-width text',
      ...json(withMinimalBody(schema, full, minimal, 'text', () => TRICKY_TEXT)),
    },
    ...(hasField(schema, full, 'text')
      ? [
          {
            label: 'body: a NUL byte in text',
            ...json(withMinimalBody(schema, full, minimal, 'text', () => NUL_TEXT)),
          },
          {
            label: 'body: a lone UTF-16 surrogate in text',
            ...json(withMinimalBody(schema, full, minimal, 'text', () => LONE_SURROGATE_TEXT)),
          },
        ]
      : []),
    ...(hasField(schema, full, 'date')
      ? IMPOSSIBLE_DATES.map((day) => ({
          label: `body: the date ${day}`,
          ...json(withMinimalBody(schema, full, minimal, 'date', (_, field) => impossibleDate(field, day))),
        }))
      : []),
    {
      label: 'body: arrays where objects are expected, objects where arrays are',
      ...json(swapped),
    },
  ];
}

export function fuzzCases(route: RouteInfo): FuzzCase[] {
  const cases: FuzzCase[] = [];
  if (route.pathParams.length > 0) {
    cases.push(
      { label: 'param: not a uuid', params: 'not-a-uuid' },
      { label: 'param: path traversal', params: encodeURIComponent('../../etc/passwd') },
      { label: 'param: 10 kB of emoji, RTL and zero-width', params: encodeURIComponent(TRICKY_TEXT.repeat(200)) },
      { label: 'param: a NUL byte', params: encodeURIComponent(NUL_TEXT) },
      { label: 'param: a lone UTF-16 surrogate', params: LONE_SURROGATE_ENCODED },
    );
  }
  if (route.headerParams.length > 0) {
    // Header values must be Latin-1 on the wire, so plain 10 kB rather than emoji.
    const headers = Object.fromEntries(route.headerParams.map((h) => [h, TEN_KB]));
    cases.push({ label: 'header: 10 kB in every declared header', headers });
  }
  if (route.query) cases.push(...queryCases(route.query));
  if (HAS_BODY.has(route.method)) cases.push(...bodyCases(route.body));
  return cases;
}
