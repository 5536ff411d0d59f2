// Field groups that several views of a merchant share: each means the same wherever it stands.
import { z } from 'zod';

/** The merchant's standing on the payments and the finance hub (docs/ARCHITECTURE.md: hub statuses). */
export const hubStatusFields = {
  payment_hub_status: z.number().int(),
  finance_hub_status: z.number().int(),
};

/** The address block of the merchant's business profile, with its currency and website. */
export const merchantAddressFields = {
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
  default_currency: z.string(),
  website: z.string().nullable(),
};
