// Embedding the merchant portal in a parent site (docs/product-rules.md#embed-entry, docs/product-rules.md#entities, docs/product-rules.md#states-and-transitions, docs/product-rules.md#api-calls; docs/ARCHITECTURE.md "Embed"): the
// settings (allowed parent domains and segments, the embed token) and the callback that turns the
// token into a segment-limited session.
import { z } from 'zod';
import { EMBED_SEGMENTS } from './access.ts';
import { isoDateTime } from './common.ts';

/** docs/product-rules.md#validation: the web's embed entry fails with this when the callback returns no access token. */
export const EMBED_NO_ACCESS_TOKEN = 'Access token not found in response.';
/** docs/product-rules.md#api-calls, docs/product-rules.md#constants: the embed access cookie lives 1 day. */
export const EMBED_COOKIE_DAYS = 1;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A parent-site host name: "shop.example.com", "localhost", or "*.example.com" for every subdomain.
 * No scheme, port or path: any port of an allowed host may frame the portal.
 */
export function isEmbedDomain(value: string): boolean {
  const host = value.startsWith('*.') ? value.slice(2) : value;
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  if (value.startsWith('*.') && labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l));
}

/** The host of a referrer URL ("https://shop.example.com/page" → "shop.example.com"), or of a bare host name. */
export function hostOf(referrerOrHost: string): string | null {
  const value = referrerOrHost.trim().toLowerCase();
  if (!value) return null;
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.replace(/^\[|\]$/g, '') || null;
  } catch {
    return null;
  }
}

/** Whether `host` is one of the allowed domains (a "*." entry covers its subdomains, not itself). */
export function isDomainAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((d) => (d.startsWith('*.') ? h.endsWith(d.slice(1)) && h.length > d.length - 1 : h === d));
}

export const embedSegment = z.enum(EMBED_SEGMENTS, { message: `Segments are ${EMBED_SEGMENTS.join(', ')}` });

export const embedDataBody = z.object({
  allowed_domains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .refine(isEmbedDomain, 'Enter a host name such as shop.example.com (no https:// or path)'),
    )
    .max(50, 'At most 50 domains')
    .transform((list) => [...new Set(list)]),
  allowed_segments: z
    .array(embedSegment)
    // An embed with no section would open a portal with nothing in it: refused, with the reason.
    .min(1, 'Choose at least one section the embedded portal may open.')
    .max(EMBED_SEGMENTS.length)
    .transform((list) => EMBED_SEGMENTS.filter((s) => list.includes(s))),
});
export type EmbedDataBody = z.input<typeof embedDataBody>;

/** docs/product-rules.md#entities "Embed details": GET answers a list; the first element is used. */
export const embedDetails = z.object({
  merchant_id: z.string(),
  allowed_domains: z.array(z.string()),
  allowed_segments: z.array(embedSegment),
  /** The parent page puts the token in the iframe URL, so it is no secret from the settings page. */
  embed_token: z.string().nullable(),
  /** What the iframe loads: `${PUBLIC_URL}/embed?token=…&merchant_id=…`; null until a token exists. */
  embed_url: z.string().nullable(),
  updated_at: isoDateTime.nullable(),
});
export type EmbedDetails = z.infer<typeof embedDetails>;

export const embedTokenResult = z.object({ embed_token: z.string(), embed_url: z.string() });

export const embedCallbackBody = z.object({
  token: z.string().trim().min(1, 'The embed token is missing').max(200),
  merchant_id: z.uuid({ message: 'Not a valid merchant id' }),
  /** The parent page's address (document.referrer) or its host name. */
  domain: z.string().trim().max(2000).default(''),
});
export type EmbedCallbackBody = z.input<typeof embedCallbackBody>;

export const embedCallbackResult = z.object({
  access: z.string(),
  refresh: z.string(),
  /** docs/product-rules.md#entities: comma-separated tabs, e.g. "PR,INV". */
  allowed_segments: z.string(),
});
export type EmbedCallbackResult = z.infer<typeof embedCallbackResult>;
