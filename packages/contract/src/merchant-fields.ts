// A merchant as the API shows it, every field once: each view of a merchant (the session, the business
// profile, the back-office list and detail, the checkout page) picks the fields it shows, in its own
// order, so a field means and looks the same wherever it stands.
import { z } from 'zod';
import { everyFieldOf, isoDateTime, recordTimestamps } from './common.ts';

/** The address block of the business profile, with its currency and website. */
const merchantAddressFields = {
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
  default_currency: z.string(),
  website: z.string().nullable(),
};

/** The merchant's standing on the payments and the finance hub (docs/ARCHITECTURE.md: hub statuses). */
const hubStatusFields = {
  payment_hub_status: z.number().int(),
  finance_hub_status: z.number().int(),
};

export const merchantFields = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The phone formatted for display on the server (docs/product-rules.md#product-checkout), so buyers never download the phone library. */
  phone_international: z.string().nullable(),
  logo: z.string().nullable(),
  ...merchantAddressFields,
  industry_type_id: z.string().nullable(),
  industry_type_name: z.string().nullable(),
  master_merchant_id: z.string().nullable(),
  master_merchant_name: z.string().nullable(),
  master_merchant_logo: z.string().nullable(),
  ...hubStatusFields,
  is_master: z.boolean(),
  is_blocked: z.boolean(),
  /** Whether the platform admin lets the merchant connect its own payment services. */
  allow_connections: z.boolean(),
  sub_merchant_count: z.number().int(),
  ...recordTimestamps,
  removed_at: isoDateTime.nullable(),
});

export const MERCHANT_ADDRESS = everyFieldOf(merchantAddressFields);
export const MERCHANT_HUB_STATUS = everyFieldOf(hubStatusFields);
