// Request values made from a route's own JSON Schema: a valid sample (so a request gets past
// validation and reaches the handler — needed to see the auth and tenant checks behind it) and
// the malformed variants the fuzz test sends. Only the schema is read; no route is named.
import type { JsonSchema } from './routes.ts';

/** Strings tried, in order, against a `pattern`: the first that fits is the sample. */
const PATTERN_CANDIDATES = [
  '00000000-0000-4000-8000-000000000000',
  'USD',
  'US',
  '2030-01-31',
  '2030-01-31T12:00:00.000Z',
  'buyer@example.com',
  '+12025550123',
  'https://example.com/',
  '/apiv1/uploads/00000000-0000-4000-8000-000000000000.png',
  'GIFT-0000-1234',
  '1234',
  'sandbox',
  'a',
];

const FORMAT_SAMPLE: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'buyer@example.com',
  date: '2030-01-31',
  'date-time': '2030-01-31T12:00:00.000Z',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

/** Names whose plain-string fields want a particular shape the schema does not spell out. */
const NAME_SAMPLE: [RegExp, string][] = [
  [/email/, 'buyer@example.com'],
  [/phone/, '+12025550123'],
  [/currency/, 'USD'],
  [/country/, 'US'],
  [/(url|domain|website)s?$/, 'https://example.com/'],
  [/password/, 'Sample-pass-2026!'],
  [/date/, '2030-01-31'],
];

const fitsLength = (s: JsonSchema, v: string) =>
  v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);

function sampleString(s: JsonSchema, name: string): string {
  if (s.format && FORMAT_SAMPLE[s.format]) return FORMAT_SAMPLE[s.format]!;
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && fitsLength(s, c));
    if (hit) return hit;
  }
  const named = NAME_SAMPLE.find(([re]) => re.test(name))?.[1];
  if (named && fitsLength(s, named)) return named;
  const base = 'Sample text';
  if (base.length > (s.maxLength ?? 100)) return 'a'.repeat(s.maxLength ?? 1);
  return base.padEnd(s.minLength ?? 0, 'x');
}

/**
 * A value that satisfies `schema` as far as a schema can tell. The minimal sample (default) has only
 * the required fields and empty arrays, so refinements the JSON Schema cannot express (a logo's file
 * type, a host name) are not tripped; the full sample fills every field, for the fuzz to mutate.
 */
export function sampleOf(schema: JsonSchema | undefined, name = '', full = false): unknown {
  const s = schema ?? {};
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined && s.default !== null) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const nonNull = options.find((o) => o.type !== 'null') ?? options[0];
    return sampleOf(nonNull, name, full);
  }
  if (s.allOf?.[0]) return sampleOf(s.allOf[0], name, full);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (full || s.required?.includes(key)) out[key] = sampleOf(prop, key, full);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(full ? 1 : 0, s.minItems ?? 0) }, () => sampleOf(s.items, name, full));
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum === undefined ? 0 : s.exclusiveMinimum + 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(s, name);
    default:
      return s.properties ? sampleOf({ ...s, type: 'object' }, name, full) : 'Sample text';
  }
}

/**
 * The minimal body a route accepts. A PATCH body of optional fields refuses `{}` ("Nothing to
 * change"), so one field is sent then: a flag when there is one, since flags have no refinements.
 */
export function sampleBody(schema: JsonSchema): unknown {
  const body = sampleOf(schema);
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length > 0) return body;
  const props = Object.entries(schema.properties ?? {});
  const [key, prop] = props.find(([, p]) => leafType(p) === 'boolean') ?? props[0] ?? [];
  return key ? { [key]: sampleOf(prop, key) } : body;
}

/** A query string for a query schema: `page=1&page_size=1` from the sample values. */
export function toQueryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Text a form field may receive from a real keyboard: emoji, right-to-left override, zero-width. */
export const TRICKY_TEXT = '💳 مرحبا \u202Egnp.exe\u200B\u200D\uFEFF Zalgo z̸̢a̷l';
export const TEN_KB = 'x'.repeat(10_240);
/** Text PostgreSQL cannot store: a NUL byte, and half of a UTF-16 surrogate pair (no UTF-8 form). */
export const NUL_TEXT = 'a\u0000b';
export const LONE_SURROGATE_TEXT = 'a\uD800b';
/** The same lone surrogate as a URL can carry it: the bytes of its would-be UTF-8 form, which no decoder accepts. */
export const LONE_SURROGATE_ENCODED = 'a%ED%A0%80b';
/**
 * Dates that match YYYY-MM-DD but are no day of the calendar, then real days at the ends of what
 * date libraries and PostgreSQL hold (year 0 does not exist there; the day after 9999-12-31 has five digits).
 */
export const IMPOSSIBLE_DATES = ['9999-99-99', '2026-02-30', '2026-13-45', '0000-01-01', '9999-12-31'] as const;

/**
 * A date or date-time field: `format: date`/`date-time`, or a pattern the sample date fits and text
 * with letters does not. Returns which, so a date-time field can get the impossible date with a time of day.
 */
export function dateKind(s: JsonSchema | undefined): 'date' | 'date-time' | null {
  const leaf = (s?.anyOf ?? s?.oneOf)?.find((o) => o.type === 'string') ?? s;
  if (!leaf || leafType(leaf) !== 'string' || leaf.enum) return null;
  if (leaf.format === 'date' || leaf.format === 'date-time') return leaf.format;
  if (!leaf.pattern) return null;
  const re = new RegExp(leaf.pattern, 'u');
  // Codes of letters, digits and dashes fit the sample date too; a date pattern refuses letters.
  if (re.test('a') || re.test('ABCD-EFGH-IJ')) return null;
  if (re.test('2030-01-31')) return 'date';
  return re.test('2030-01-31T12:00:00.000Z') ? 'date-time' : null;
}

/**
 * The day in the shape the field takes. A date-time gets the last second of the day in the westernmost
 * time zone, so in UTC it falls on the next day (9999-12-31 becomes year 10000).
 */
export const impossibleDate = (s: JsonSchema | undefined, day: string) =>
  dateKind(s) === 'date-time' ? `${day}T23:59:59-12:00` : day;

export const leafType = (s: JsonSchema | undefined): string | undefined => {
  if (!s) return undefined;
  const options = s.anyOf ?? s.oneOf;
  if (options) return leafType(options.find((o) => o.type !== 'null'));
  if (s.enum) return typeof s.enum[0];
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
};

/**
 * A string field a person types into: no pattern, format or enum, room for a sentence, and not one
 * of the named shapes (e-mail, phone, currency, …) that zod refines beyond what JSON Schema says.
 */
export function isFreeText(s: JsonSchema, name: string): boolean {
  const leaf = (s.anyOf ?? s.oneOf)?.find((o) => o.type === 'string') ?? s;
  const isShaped =
    NAME_SAMPLE.some(([re]) => re.test(name)) || /logo|image|token|code|number|sort|order|id$/.test(name);
  return !isShaped && !leaf.pattern && !leaf.format && !leaf.enum && (leaf.maxLength ?? 100) >= TRICKY_TEXT.length;
}

/**
 * The sample with every field of one kind replaced (`text`: free-text strings only; `date`: date and
 * date-time strings; the replacement gets the field's schema): `mutate(schema, sample, 'number', () => -1)`.
 * Walks nested objects so amounts inside line items are reached too.
 */
export function mutateFields(
  schema: JsonSchema | undefined,
  value: unknown,
  kind: 'number' | 'string' | 'text' | 'date' | 'object' | 'array',
  replace: (current: unknown, schema: JsonSchema) => unknown,
  name = '',
): unknown {
  if (!schema) return value;
  const type = leafType(schema);
  const matches =
    kind === 'number'
      ? type === 'integer' || type === 'number'
      : kind === 'text'
        ? type === 'string' && isFreeText(schema, name)
        : kind === 'date'
          ? dateKind(schema) !== null
          : type === kind;
  if (Array.isArray(value)) {
    const mapped = value.map((v) => mutateFields(schema.items, v, kind, replace, name));
    return matches ? replace(mapped, schema) : mapped;
  }
  if (value && typeof value === 'object') {
    const props = (schema.anyOf ?? schema.oneOf)?.find((o) => o.properties)?.properties ?? schema.properties ?? {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mutateFields(props[k], v, kind, replace, k);
    return matches ? replace(out, schema) : out;
  }
  return matches ? replace(value, schema) : value;
}
