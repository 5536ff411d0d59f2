// A merchant as the API shows it, every field once: each view of a merchant (the session, the business
// profile, the back-office list and detail, the checkout page) picks the fields it shows, in its own
// order, so a field means and looks the same wherever it stands.
import { z } from 'zod';
import { isoDateTime } from './common.ts';

export const merchantFields = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The phone formatted for display on the server (docs/product-rules.md#product-checkout), so buyers never download the phone library. */
  phone_international: z.string().nullable(),
  logo: z.string().nullable(),
  // The address block of the business profile, with its currency and website.
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
  default_currency: z.string(),
  website: z.string().nullable(),
  industry_type_id: z.string().nullable(),
  industry_type_name: z.string().nullable(),
  master_merchant_id: z.string().nullable(),
  master_merchant_name: z.string().nullable(),
  master_merchant_logo: z.string().nullable(),
  // The standing on the payments and the finance hub (docs/ARCHITECTURE.md: hub statuses).
  payment_hub_status: z.number().int(),
  finance_hub_status: z.number().int(),
  is_master: z.boolean(),
  is_blocked: z.boolean(),
  /** Whether the platform admin lets the merchant connect its own payment services. */
  allow_connections: z.boolean(),
  sub_merchant_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  removed_at: isoDateTime.nullable(),
});

/** The address block, for the views that show all of it. */
export const MERCHANT_ADDRESS = {
  address: true,
  city: true,
  state: true,
  zip_code: true,
  country: true,
  default_currency: true,
  website: true,
} as const;

/** The merchant's standing on both hubs. */
export const MERCHANT_HUB_STATUS = { payment_hub_status: true, finance_hub_status: true } as const;
