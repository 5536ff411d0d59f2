import { z } from 'zod';

/** Error codes of the failure envelope, each mapped to one HTTP status by the API. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
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
  search: z.string().trim().max(200).optional(),
  sort_by: z.string().max(60).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), page: z.number().int(), page_size: z.number().int(), results: z.array(item) });
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
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .pipe(z.string().max(254));
