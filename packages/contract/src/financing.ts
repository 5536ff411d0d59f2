// Financing Hub (docs/product-rules.md#routes, docs/product-rules.md#api-calls, docs/product-rules.md#error-messages; docs/ARCHITECTURE.md "Financing Hub"): partners the platform admin
// configures, the merchant's partner list and the signed single sign-on to a partner.
import { z } from 'zod';
import { listQuery, recordTimestamps } from './common.ts';
import { maxChars } from './text-length.ts';

/** docs/product-rules.md#error-messages: the web shows the server's message, else this. */
export const FINANCIAL_CONNECTION_ERROR_FALLBACK = 'An error occurred';
export const SSO_ERROR_FALLBACK = 'User not provisioned';

/** Headers of a signed request, both ways (Kassa → partner SSO, partner → GET /auth/verify-hmac/). */
export const SIGNATURE_HEADERS = {
  timestamp: 'x-kassa-timestamp',
  signature: 'x-kassa-signature',
  partner: 'x-kassa-partner',
} as const;
/** A signed request older or newer than this is refused. */
export const SIGNATURE_WINDOW_S = 5 * 60;

/** https anywhere; plain http only on this machine (the demo partner, local development). */
export function isAllowedSsoUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hash) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

const ssoUrl = z
  .string()
  .trim()
  .max(500, 'The SSO URL is too long')
  .refine(isAllowedSsoUrl, 'Enter an https:// URL (http:// only for localhost)');
const sharedSecret = z
  .string()
  .trim()
  .min(16, 'The shared secret needs at least 16 characters')
  .max(200, 'The shared secret is too long');
const logo = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), 'The logo must be a URL')
  .transform((v) => v || null)
  .nullish();

const financialConnectionFields = {
  name: maxChars(z.string().trim().min(1, 'Enter the partner name'), 120, 'The name is too long'),
  description: maxChars(z.string().trim(), 2000, 'The description is too long').default(''),
  logo,
  sso_url: ssoUrl,
  industry_type_ids: z
    .array(z.uuid({ message: 'Not a valid industry type' }))
    .min(1, 'Choose at least one industry type')
    .max(200),
  is_active: z.boolean().default(true),
};

export const createFinancialConnectionBody = z.object({ ...financialConnectionFields, shared_secret: sharedSecret });
export type CreateFinancialConnectionBody = z.input<typeof createFinancialConnectionBody>;

/** PUT: the stored secret is only replaced when a new one is sent. */
export const updateFinancialConnectionBody = z.object({
  ...financialConnectionFields,
  shared_secret: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(sharedSecret.optional())
    .optional(),
});
export type UpdateFinancialConnectionBody = z.input<typeof updateFinancialConnectionBody>;

export const financialConnectionQuery = listQuery.extend({
  /** An industry type id: partners offered to that industry. */
  search_industry: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.uuid({ message: 'Not a valid industry type' }).optional())
    .optional(),
});
export type FinancialConnectionQuery = z.infer<typeof financialConnectionQuery>;

export const industryRef = z.object({ id: z.string(), name: z.string() });

export const financialConnectionView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  sso_url: z.string(),
  /** e.g. "••••••••a1b2"; the secret itself never leaves the server. */
  shared_secret_masked: z.string(),
  industry_type_ids: z.array(z.string()),
  industry_types: z.array(industryRef),
  is_active: z.boolean(),
  ...recordTimestamps,
});
export type FinancialConnectionView = z.infer<typeof financialConnectionView>;

/** What a merchant sees on its Connections page. */
export const financialPartner = financialConnectionView.pick({ id: true, name: true, description: true, logo: true });
export type FinancialPartner = z.infer<typeof financialPartner>;

export const ssoLoginBody = z.object({ connection_id: z.uuid({ message: 'Not a valid id' }) });

/** Open `url` in the browser: the partner's one-time login link for this merchant user. */
export const ssoLoginResult = z.object({ url: z.string(), partner_name: z.string() });
export type SsoLoginResult = z.infer<typeof ssoLoginResult>;

/**
 * The JSON body Kassa posts to the partner's sso_url, signed with HMAC-SHA256 over
 * `${timestamp}.${body}` using the partner's shared secret (hex, header x-kassa-signature).
 */
export const ssoPayload = z.object({
  merchant: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    country: z.string(),
    industry_type: z.string().nullable(),
  }),
  user: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  partner_id: z.string(),
  timestamp: z.number().int(),
  nonce: z.string(),
});
export type SsoPayload = z.infer<typeof ssoPayload>;

/** The partner's answer to the SSO post: where to send the user. */
export const partnerSsoAnswer = z.object({ redirect_url: z.url() });

export const verifyHmacResult = z.object({
  valid: z.literal(true),
  partner_id: z.string(),
  partner_name: z.string(),
  timestamp: z.number().int(),
});
export type VerifyHmacResult = z.infer<typeof verifyHmacResult>;
