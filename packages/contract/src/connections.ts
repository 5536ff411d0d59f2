// Payment connections (docs/product-rules.md#what-kassa-is-for, docs/product-rules.md#routes, docs/product-rules.md#api-calls; docs/ARCHITECTURE.md "Provider connections"): a merchant picks a
// provider per kind, enters its credentials, verifies them and enables it. Credentials go in once
// and only ever come back masked.
import { z } from 'zod';
import { currencyCode, isoDateTime, recordTimestamps } from './common.ts';

export const CONNECTION_KINDS = ['payment_service', 'gift_card', 'digital_wallet', 'anti_fraud'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
export const connectionKind = z.enum(CONNECTION_KINDS, {
  message: 'Kind must be payment_service, gift_card, digital_wallet or anti_fraud',
});

/** docs/product-rules.md#routes page of each kind. */
export const credentialField = z.object({
  name: z.string(),
  label: z.string(),
  /** Secret fields come back masked; the others (account ids) in full. */
  secret: z.boolean(),
  placeholder: z.string().nullable(),
});

export const providerInfo = z.object({
  kind: connectionKind,
  id: z.string(),
  display_name: z.string(),
  description: z.string(),
  is_sandbox: z.boolean(),
  credential_fields: z.array(credentialField),
});
export type ProviderInfo = z.infer<typeof providerInfo>;

export const providersQuery = z.object({ kind: connectionKind.optional() });

const providerId = z
  .string()
  .trim()
  .min(1, 'Choose a provider')
  .max(60)
  .regex(/^[a-z0-9_]+$/, 'Not a valid provider id');
/** Field name → value, as typed by the merchant. */
export const credentialsInput = z.record(
  z.string().regex(/^[a-z0-9_]{1,60}$/, 'Not a valid credential field'),
  z.string().trim().max(500, 'The value is too long'),
);

export const createConnectionBody = z.object({
  kind: connectionKind,
  provider: providerId,
  credentials: credentialsInput,
  /** Enabling requires credentials that pass verification; enabling one disables the kind's other one. */
  enabled: z.boolean().default(true),
  /**
   * Payment services only: the backup a card payment is retried on, once, when the primary provably
   * could not be reached (nothing was charged there). Enabling a fallback keeps the primary.
   */
  fallback: z.boolean().default(false),
});
export type CreateConnectionBody = z.input<typeof createConnectionBody>;

/** Credentials given here replace those fields only; fields left out keep their stored value. */
export const updateConnectionBody = z
  .object({
    credentials: credentialsInput.optional(),
    enabled: z.boolean().optional(),
    fallback: z.boolean().optional(),
  })
  .refine(
    (b) => b.credentials !== undefined || b.enabled !== undefined || b.fallback !== undefined,
    'Send credentials, enabled or fallback',
  );
export type UpdateConnectionBody = z.input<typeof updateConnectionBody>;

export const connectionListQuery = z.object({ kind: connectionKind.optional() });

export const VERIFICATION_STATUSES = ['unverified', 'verified', 'failed'] as const;

export const connectionView = z.object({
  id: z.string(),
  kind: connectionKind,
  provider: z.string(),
  provider_name: z.string(),
  /** Masked, e.g. "sk_test_••••3f9a"; never the stored secret. */
  credentials: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  /** A payment service used only when the primary cannot be reached. */
  fallback: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES),
  last_verified_at: isoDateTime.nullable(),
  last_verification_message: z.string().nullable(),
  ...recordTimestamps,
});
export type ConnectionView = z.infer<typeof connectionView>;

/** Check a saved connection ({connection_id}) or credentials before saving them ({kind, provider, credentials}). */
export const verifyCredentialsBody = z.union([
  z.object({ connection_id: z.uuid({ message: 'Not a valid id' }) }),
  z.object({ kind: connectionKind, provider: providerId, credentials: credentialsInput }),
]);
export type VerifyCredentialsBody = z.input<typeof verifyCredentialsBody>;

/** A failed verification answers with the error envelope (code business_rule) and the provider's message. */
export const verifyCredentialsResult = z.object({
  status: z.literal('verified'),
  verified_at: isoDateTime,
  /** The saved connection after the check; null when unsaved credentials were checked. */
  connection: connectionView.nullable(),
});

// Sandbox gift cards the merchant issues (gift card service).
export const GIFT_CARD_PIN = /^\d{4,8}$/;
export const issueGiftCardBody = z.object({
  /** Generated when left out: 16 characters in groups of 4. */
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{2,38}[A-Z0-9]$/, 'Use 4–40 letters, digits, spaces or dashes')
    .optional(),
  /** Generated (6 digits) when left out. */
  pin: z.string().trim().regex(GIFT_CARD_PIN, 'The PIN has 4 to 8 digits').optional(),
  balance: z
    .number()
    .int('Must be a whole number of minor units')
    .min(1, 'The balance must be more than 0')
    .max(99_999_999),
  currency: currencyCode,
});
export type IssueGiftCardBody = z.input<typeof issueGiftCardBody>;

export const giftCardView = z.object({
  id: z.string(),
  code: z.string(),
  balance: z.number().int(),
  currency: z.string(),
  ...recordTimestamps,
});
export type GiftCardView = z.infer<typeof giftCardView>;

/** The PIN is shown once, when the card is issued; only its keyed hash is stored. */
export const issuedGiftCard = giftCardView.extend({ pin: z.string() });

/** The refusal while the platform admin has not allowed the merchant its own connections. */
export const CONNECTIONS_NOT_ALLOWED =
  'Payment connections are not enabled for this account yet. Contact the platform administrator.';
