// The business profile GET /auth/merchant-profile/ answers, for the merchant-portal page tests.
import type { MerchantProfile } from '@kassa/contract/auth';

export const merchantProfile = (over: Partial<MerchantProfile> = {}): MerchantProfile => ({
  id: 'm-1',
  name: 'Acme Outfitters',
  email: 'hello@acme.example',
  phone: '+14155550123',
  address: '1200 Market Street',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94102',
  country: 'US',
  default_currency: 'USD',
  website: null,
  logo: null,
  industry_type_id: null,
  industry_type_name: null,
  master_merchant_id: null,
  master_merchant_logo: null,
  payment_hub_status: 3,
  finance_hub_status: 3,
  match_customers_by_email: false,
  email_receipts: true,
  tax_id: null,
  ...over,
});
