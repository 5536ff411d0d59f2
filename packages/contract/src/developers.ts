// The merchant developer platform: API keys and their scopes, and embed sessions minted with a key.
// The scope table is the one place that says what a key may do: the API checks a route's declared
// scope against it, the Developers page draws its checkboxes from it, and the tests walk it.
import { z } from 'zod';
import { type AccessNeed, APP, type AppKey } from './access.ts';
import { isoDateTime } from './common.ts';
import { embedSegment, hostOf, isEmbedDomain } from './embed.ts';
import { maxChars } from './text-length.ts';

export const API_KEY_MODES = ['test', 'live'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export interface ApiKeyScopeInfo {
  scope: string;
  label: string;
  description: string;
  /**
   * The portal app whose routes the scope opens, with the access needs it covers; null for what is
   * not an app (transactions are read through the paying apps, webhooks and embed sessions are
   * developer settings).
   */
  app: AppKey | null;
  needs: readonly AccessNeed[];
}

export const API_KEY_SCOPES = [
  {
    scope: 'products:read',
    label: 'Products: read',
    description: 'List and read products',
    app: APP.PRODUCTS,
    needs: ['view'],
  },
  {
    scope: 'products:write',
    label: 'Products: write',
    description: 'Create, change and delete products',
    app: APP.PRODUCTS,
    needs: ['create', 'edit', 'delete'],
  },
  {
    scope: 'payment_links:read',
    label: 'Payment links: read',
    description: 'List and read quick payments (payment links)',
    app: APP.QUICK_PAYMENTS,
    needs: ['view'],
  },
  {
    scope: 'payment_links:write',
    label: 'Payment links: write',
    description: 'Create, change and delete quick payments (payment links)',
    app: APP.QUICK_PAYMENTS,
    needs: ['create', 'edit', 'delete'],
  },
  {
    scope: 'invoices:read',
    label: 'Invoices: read',
    description: 'List and read invoices',
    app: APP.INVOICES,
    needs: ['view'],
  },
  {
    scope: 'invoices:write',
    label: 'Invoices: write',
    description: 'Create, send, change and delete invoices',
    app: APP.INVOICES,
    needs: ['create', 'edit', 'delete'],
  },
  // Customers are governed by the Virtual Terminal app, like the payments typed for them (customers.service.ts).
  {
    scope: 'customers:read',
    label: 'Customers: read',
    description: 'List and read customers of the key’s mode',
    app: APP.VIRTUAL_TERMINAL,
    needs: ['view'],
  },
  {
    scope: 'customers:write',
    label: 'Customers: write',
    description: 'Create, change and delete customers of the key’s mode',
    app: APP.VIRTUAL_TERMINAL,
    needs: ['create', 'edit', 'delete'],
  },
  // Prices belong to products; subscriptions and test clocks make and charge invoices: the Invoices app.
  {
    scope: 'prices:read',
    label: 'Prices: read',
    description: 'List and read prices of the key’s mode',
    app: APP.PRODUCTS,
    needs: ['view'],
  },
  {
    scope: 'prices:write',
    label: 'Prices: write',
    description: 'Create and archive prices of the key’s mode',
    app: APP.PRODUCTS,
    needs: ['create', 'edit'],
  },
  {
    scope: 'subscriptions:read',
    label: 'Subscriptions: read',
    description: 'List and read subscriptions and test clocks of the key’s mode',
    app: APP.INVOICES,
    needs: ['view'],
  },
  {
    scope: 'subscriptions:write',
    label: 'Subscriptions: write',
    description: 'Create, change, pause, resume and cancel subscriptions, and run test clocks (test keys)',
    app: APP.INVOICES,
    needs: ['create', 'edit', 'delete'],
  },
  {
    scope: 'transactions:read',
    label: 'Transactions: read',
    description: 'List, export and read transactions of the key’s mode',
    app: null,
    needs: ['view'],
  },
  {
    scope: 'payments:write',
    label: 'Payments: write',
    description: 'Charge customers’ saved cards of the key’s mode (merchant-initiated payments)',
    app: APP.VIRTUAL_TERMINAL,
    needs: ['create'],
  },
  {
    scope: 'refunds:write',
    label: 'Refunds: write',
    description: 'Refund, capture and void transactions of the key’s mode',
    app: APP.VIRTUAL_TERMINAL,
    needs: ['edit'],
  },
  {
    scope: 'webhooks:write',
    label: 'Webhooks: write',
    description: 'Manage webhook endpoints and their deliveries',
    app: null,
    needs: ['view', 'create', 'edit', 'delete'],
  },
  {
    scope: 'embed:write',
    label: 'Embed sessions: write',
    description: 'Mint one-time sessions for the embedded portal',
    app: null,
    needs: ['create'],
  },
] as const satisfies readonly ApiKeyScopeInfo[];

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]['scope'];
export const API_KEY_SCOPE_NAMES = API_KEY_SCOPES.map((s) => s.scope) as [ApiKeyScope, ...ApiKeyScope[]];
export const isApiKeyScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPE_NAMES as readonly string[]).includes(value);

/** A key holding `x:write` may also read `x`: whoever may change an object may look at it. */
export function grantsScope(held: readonly string[], required: ApiKeyScope): boolean {
  if (held.includes(required)) return true;
  const [resource, access] = required.split(':');
  return access === 'read' && held.includes(`${resource}:write`);
}

/** `sk_test_` or `sk_live_` and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_-]{43}$/;
export const looksLikeApiKey = (token: string) => token.startsWith('sk_test_') || token.startsWith('sk_live_');

/** Rolling: how long the old secret keeps working, in hours (0: it stops at once). At most 7 days. */
export const ROLL_OVERLAP_HOURS = [0, 1, 24, 168] as const;
export const ROLL_OVERLAP_MAX_HOURS = 168;

export const apiKeyCreateBody = z.object({
  name: maxChars(z.string().trim().min(1, 'Give the key a name'), 100, 'At most 100 characters'),
  mode: z.enum(API_KEY_MODES, { message: 'Mode is test or live' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPE_NAMES, { message: `Scopes are ${API_KEY_SCOPE_NAMES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPE_NAMES.length)
    .transform((list) => API_KEY_SCOPE_NAMES.filter((s) => list.includes(s))),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;

export const apiKeyRollBody = z.object({
  overlap_hours: z
    .number()
    .int('Whole hours')
    .min(0)
    .max(ROLL_OVERLAP_MAX_HOURS, 'The old secret may keep working for at most 7 days (168 hours)')
    .default(0),
});
export type ApiKeyRollBody = z.input<typeof apiKeyRollBody>;

/** A key as listed: never its secret. */
export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  scopes: z.array(z.string()),
  /** `sk_test_AbCd`: enough to recognise the key, with `last4`. */
  prefix: z.string(),
  last4: z.string(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable(),
  /** Set once the key was rolled: the old secret works until then. */
  expires_at: isoDateTime.nullable(),
  /** The key this one replaced by a roll. */
  rolled_from_id: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** The answer to create and roll: the only time the secret is shown. */
export const apiKeyWithSecret = apiKey.extend({ secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecret>;

export const apiKeyList = z.object({ results: z.array(apiKey) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

/** Embed sessions last five minutes and open the portal once. */
export const EMBED_SESSION_TTL_S = 5 * 60;

export const embedSessionBody = z.object({
  /** The parent page's host: one of the merchant's embed domains (a subdomain of a "*." entry). */
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .transform((v) => hostOf(v) ?? v)
    .refine((v) => isEmbedDomain(v) && !v.startsWith('*.'), 'Enter the parent page’s host, such as shop.example.com'),
  /** Fewer sections than the embed settings allow; never more. */
  segments: z.array(embedSegment).max(10).optional(),
});
export type EmbedSessionBody = z.input<typeof embedSessionBody>;

export const embedSessionResult = z.object({
  token: z.string(),
  /** What the parent page's iframe loads. */
  embed_url: z.string(),
  domain: z.string(),
  segments: z.array(z.string()),
  expires_at: isoDateTime,
});
export type EmbedSessionResult = z.infer<typeof embedSessionResult>;
