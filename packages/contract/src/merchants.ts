// Request and response schemas of the platform back office's merchant endpoints (docs/product-rules.md#routes, docs/product-rules.md#api-calls;
// docs/ARCHITECTURE.md: hub statuses, the one-level merchant tree).
import { z } from 'zod';
import { auditEntry } from './audit.ts';
import { countryCode, currencyCode, email, isoDateTime, listQuery, personName, sortBy, sortOrders } from './common.ts';
import { MERCHANT_ADDRESS, MERCHANT_HUB_STATUS, merchantFields } from './merchant-fields.ts';
import { merchantUserSchema } from './merchant-users.ts';
import { maxChars } from './text-length.ts';
import { transactionItem } from './transactions.ts';

/** Query-string booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false'], { message: 'Use true or false' }).transform((v) => v === 'true');

const hubStatusValue = z.coerce
  .number({ message: 'Hub status must be 1, 2, 3 or 4' })
  .int()
  .min(1, 'Hub status must be 1, 2, 3 or 4')
  .max(4, 'Hub status must be 1, 2, 3 or 4');

export const MERCHANT_SORTS = sortOrders('name', 'email', 'created_at');
export const merchantListQuery = listQuery.extend({
  sort_by: sortBy(MERCHANT_SORTS, '-created_at'),
  payment_hub_status: hubStatusValue.optional(),
  finance_hub_status: hubStatusValue.optional(),
  industry_type: z.uuid({ message: 'Not a valid industry type id' }).optional(),
  is_blocked: queryBoolean.optional(),
  /** Sub-merchants of this master only. */
  master_merchant: z.uuid({ message: 'Not a valid merchant id' }).optional(),
  /** true: only merchants that own sub-merchants. */
  only_masters: queryBoolean.optional(),
});
export type MerchantListQuery = z.infer<typeof merchantListQuery>;

export const merchantListItem = merchantFields.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  logo: true,
  ...MERCHANT_HUB_STATUS,
  is_blocked: true,
  allow_connections: true,
  industry_type_id: true,
  industry_type_name: true,
  master_merchant_id: true,
  master_merchant_name: true,
  sub_merchant_count: true,
  created_at: true,
});
export type MerchantListItem = z.infer<typeof merchantListItem>;

/** Merchants that may own sub-merchants (no master of their own): the filter and the Sub-merchants page. */
export const superMerchantQuery = listQuery.extend({
  /** true: only masters that already own at least one sub-merchant. */
  with_sub_merchants: queryBoolean.optional(),
});
export const superMerchant = merchantFields.pick({ id: true, name: true, logo: true, sub_merchant_count: true });
export type SuperMerchant = z.infer<typeof superMerchant>;

export const LOGO_MAX_BYTES = 200 * 1024;
const LOGO_MAX_CHARS = 64 + Math.ceil(LOGO_MAX_BYTES / 3) * 4;
const LOGO_DATA_URL = /^data:image\/(png|jpeg|svg\+xml|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const base64Bytes = (dataUrl: string) => {
  const data = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
};
/** A logo travels as a data: URL so it needs no file store; small images only. */
export const logoDataUrl = z
  .string()
  .max(LOGO_MAX_CHARS, 'The logo must be 200 KB or smaller')
  .regex(LOGO_DATA_URL, 'The logo must be a PNG, JPEG, SVG or WebP image')
  .refine((v) => base64Bytes(v) <= LOGO_MAX_BYTES, 'The logo must be 200 KB or smaller');

/** The server parses and stores E.164 with libphonenumber-js; the cap is docs/product-rules.md#validation's input limit. */
export const phoneInput = maxChars(
  z.string().trim().min(1, 'Enter a phone number'),
  250,
  'The phone number is too long',
);

const text = (max: number, label: string) =>
  maxChars(z.string().trim(), max, `${label} must be at most ${max} characters`);

const merchantProfileFields = z.object({
  name: maxChars(z.string().trim().min(2, 'Enter the business name'), 120, 'The business name is too long'),
  email,
  phone: phoneInput,
  address: text(200, 'Address').default(''),
  city: text(100, 'City').default(''),
  state: text(100, 'State').default(''),
  zip_code: text(20, 'Zip code').default(''),
  country: countryCode,
  default_currency: currencyCode.default('USD'),
  website: z.url({ message: 'Enter a full web address (https://…)' }).max(300).nullable().default(null),
  industry_type_id: z.uuid({ message: 'Choose an industry type' }),
  logo: logoDataUrl.nullable().default(null),
});

export const merchantOwner = z.object({
  first_name: personName('first name'),
  last_name: personName('last name'),
  email,
});

export const merchantRegisterBody = merchantProfileFields.extend({
  master_merchant_id: z.uuid({ message: 'Not a valid merchant id' }).nullable().default(null),
  owner: merchantOwner,
});
export type MerchantRegisterBody = z.input<typeof merchantRegisterBody>;
export type MerchantRegisterInput = z.output<typeof merchantRegisterBody>;

/** Profile edits and block / unblock (docs/product-rules.md#api-calls: PATCH admin/merchant/{id}/ "block or unblock"). */
export const merchantPatchBody = z
  .object({
    name: merchantProfileFields.shape.name,
    email,
    phone: phoneInput.nullable(),
    address: text(200, 'Address'),
    city: text(100, 'City'),
    state: text(100, 'State'),
    zip_code: text(20, 'Zip code'),
    country: countryCode,
    default_currency: currencyCode,
    website: z.url({ message: 'Enter a full web address (https://…)' }).max(300).nullable(),
    industry_type_id: z.uuid({ message: 'Choose an industry type' }),
    logo: logoDataUrl.nullable(),
    is_blocked: z.boolean({ message: 'is_blocked must be true or false' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type MerchantPatchBody = z.infer<typeof merchantPatchBody>;

export const HUBS = ['payment', 'finance'] as const;
export type Hub = (typeof HUBS)[number];
export const hubStatusBody = z.object({
  hub: z.enum(HUBS, { message: 'Hub must be payment or finance' }),
  status: z.number().int().min(1, 'Hub status must be 1, 2, 3 or 4').max(4, 'Hub status must be 1, 2, 3 or 4'),
  note: maxChars(z.string().trim(), 500, 'The note is too long').optional(),
});
export type HubStatusBody = z.infer<typeof hubStatusBody>;

/** docs/product-rules.md#api-calls sends no payload: without one, connections are allowed; {allow:false} withdraws them. */
export const allowConnectionsBody = z
  .object({ allow: z.boolean({ message: 'allow must be true or false' }).default(true) })
  .nullish();

export const providerConnectionSummary = z.object({
  id: z.string(),
  kind: z.string(),
  provider: z.string(),
  enabled: z.boolean(),
  status: z.string(),
  last_verified_at: isoDateTime.nullable(),
});

export const merchantUserSummary = merchantUserSchema.pick({
  id: true,
  first_name: true,
  last_name: true,
  email: true,
  role: true,
  is_active: true,
  invitation_pending: true,
  last_login_at: true,
});

export const subMerchantSummary = merchantFields.pick({
  id: true,
  name: true,
  email: true,
  logo: true,
  ...MERCHANT_HUB_STATUS,
  is_blocked: true,
  created_at: true,
});

export const transactionSummary = transactionItem.pick({
  id: true,
  amount: true,
  currency: true,
  status: true,
  method: true,
  created_at: true,
});

export const merchantAdminProfile = merchantListItem.extend(
  merchantFields.pick({ ...MERCHANT_ADDRESS, master_merchant_logo: true, removed_at: true, updated_at: true }).shape,
);
export type MerchantAdminProfile = z.infer<typeof merchantAdminProfile>;

export const merchantDetail = z.object({
  merchant: merchantAdminProfile,
  users: z.array(merchantUserSummary),
  provider_connections: z.array(providerConnectionSummary),
  sub_merchants: z.array(subMerchantSummary),
  /** The last 10; null for a staff admin without view_transactions. */
  recent_transactions: z.array(transactionSummary).nullable(),
  /** The last 50 audit entries about this merchant (the full history is paged at /audit/). */
  audit: z.array(auditEntry),
});
export type MerchantDetail = z.infer<typeof merchantDetail>;

export const registerResult = z.object({
  merchant: merchantAdminProfile,
  owner: merchantUserSummary,
});
export type RegisterResult = z.infer<typeof registerResult>;

export const PROVIDER_CONNECTION_KINDS = ['payment_service', 'gift_card', 'digital_wallet', 'anti_fraud'] as const;
export const PROVIDER_CONNECTION_SORTS = sortOrders('merchant_name', 'created_at');
export const providerConnectionListQuery = listQuery.extend({
  merchant_id: z.uuid({ message: 'Not a valid merchant id' }).optional(),
  kind: z
    .enum(PROVIDER_CONNECTION_KINDS, { message: `Kind must be one of ${PROVIDER_CONNECTION_KINDS.join(', ')}` })
    .optional(),
  sort_by: sortBy(PROVIDER_CONNECTION_SORTS, '-created_at'),
});
export type ProviderConnectionListQuery = z.infer<typeof providerConnectionListQuery>;
export const adminProviderConnection = providerConnectionSummary.extend({
  merchant_id: z.string(),
  merchant_name: z.string(),
  last_verification_message: z.string().nullable(),
  created_at: isoDateTime,
});
export type AdminProviderConnection = z.infer<typeof adminProviderConnection>;
