// The malformed requests the fuzz test sends to one route, made from the route's own schemas: at most
// 15 per route (3 for path params, 1 for declared headers, 8 for the query, 12 for the body; no route
// has a body and a query or headers), so the whole matrix stays well under a minute on PGlite.
import { type JsonSchema, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import {
  isFreeText,
  leafType,
  mutateFields,
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

/** The minimal body plus every top-level free-text field, all set to emoji, RTL and zero-width text. */
function withTrickyText(schema: JsonSchema, full: unknown, minimal: unknown): unknown {
  const tricky = mutateFields(schema, full, 'text', () => TRICKY_TEXT);
  if (!isRecord(full) || !isRecord(minimal) || !isRecord(tricky)) return tricky;
  const changed = Object.keys(tricky).filter((k) => JSON.stringify(tricky[k]) !== JSON.stringify(full[k]));
  return { ...minimal, ...Object.fromEntries(changed.map((k) => [k, tricky[k]])) };
}

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
    { label: 'body: emoji, RTL and zero-width text', ...json(withTrickyText(schema, full, minimal)) },
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
