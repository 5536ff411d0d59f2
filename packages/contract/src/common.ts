import { z } from 'zod';
import { maxChars } from './text-length.ts';

/** Error codes of the failure envelope, each mapped to one HTTP status by the API. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A required authenticator app or passkey is missing: the session may only enrol one. */
  second_factor_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  business_rule: 422,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** Kassa's id of the request (also its X-Request-Id header): quote it to support. */
  request_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ status: z.literal('success'), result, message: z.string().optional() });
export const messageEnvelope = z.object({
  status: z.literal('success'),
  message: z.string(),
  result: z.null().optional(),
});

export const idParam = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

export const PAGE_SIZE_MAX = 100;
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  search: maxChars(z.string().trim(), 200).optional(),
  sort_by: z.string().max(60).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** A sort key as a list query takes it: the column name sorts ascending, `-` before it descending. */
export type SortKey<Column extends string> = Column | `-${Column}`;

/** The sort keys of a list: every column both ways, in the order given (`name`, `-name`, `created_at`, …). */
export const sortOrders = <const Column extends string>(...columns: [Column, ...Column[]]) =>
  columns.flatMap((column) => [column, `-${column}` as const]) as [SortKey<Column>, ...SortKey<Column>[]];

/** A `sort_by` query field that says which keys it takes when given another, and sorts by `fallback` when absent. */
export const sortBy = <const Key extends string>(sorts: readonly [Key, ...Key[]], fallback: NoInfer<Key>) =>
  z.enum(sorts, { message: `Sort by one of ${sorts.join(', ')}` }).default(fallback);

/** A pick mask selecting every field of a field group, so a view can take the group whole. */
export const everyFieldOf = <Shape extends object>(fields: Shape) =>
  Object.fromEntries(Object.keys(fields).map((key) => [key, true])) as { [Key in keyof Shape]: true };

/** One page of a list; `extra` fields (a keyset cursor) stand before the results. */
export const page = <T extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(item: T, extra?: Extra) =>
  z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    ...(extra as Extra),
    results: z.array(item),
  });
export type Page<T> = { count: number; page: number; page_size: number; results: T[] };

export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Must be a 3-letter currency code');
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Must be a 2-letter country code');
/** Minor units (cents): a whole number, never a float. */
export const minorAmount = z.number().int('Must be a whole number of minor units').min(0).max(99_999_999);
export const isoDateTime = z.string();
/** When a stored record was created and last changed. */
export const recordTimestamps = { created_at: isoDateTime, updated_at: isoDateTime };

/** Years a date may name: wide enough for any invoice or report, narrow enough for every date library and PostgreSQL. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2999;
const DATE_ONLY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is YYYY-MM-DD naming a day the calendar has (no 30 February, no month 13). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY_FORMAT.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const yearOf = (value: string) => Number(value.slice(0, 4));

/**
 * A date without a time, as YYYY-MM-DD: every date-only field of a body or a query (report ranges,
 * list filters, due dates) uses this one schema, so a day that does not exist never reaches date math.
 */
/** A day range's ends are in order: either end may be left open (days as YYYY-MM-DD compare as text). */
export const daysInOrder = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;

export const calendarDate = z
  .string()
  .regex(DATE_ONLY_FORMAT, { message: 'Use a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, { message: 'This date does not exist in the calendar', abort: true })
  .refine((v) => yearOf(v) >= DATE_YEAR_MIN && yearOf(v) <= DATE_YEAR_MAX, {
    message: `Use a year between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`,
  })
  .meta({ format: 'date' });

/**
 * A moment as ISO 8601 with a time zone (`2026-10-21T18:00:00+02:00`, `…Z`), on a real day and inside
 * the same years once turned into UTC: the last second of 2999 in UTC-12 is already 3000.
 */
export const calendarDateTime = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 date and time', abort: true })
  .refine(
    (v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
    },
    { message: `Use a year between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}` },
  );
/** A first or last name as a person types it; `label` words the messages ("first name"). */
export const personName = (label: string) =>
  maxChars(z.string().trim().min(1, `Enter the ${label}`), 80, `The ${label} is too long`);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .pipe(z.string().max(254));
/** An e-mail address or nothing at all (blank is read as nothing). */
export const optionalEmail = z
  .string()
  .trim()
  .refine((text) => text === '' || email.safeParse(text).success, 'Enter a valid e-mail address')
  .transform((text) => (text === '' ? '' : email.parse(text)));
