// The register and edit forms share one schema: the contract's register body (docs/product-rules.md#api-calls), with the owner
// optional so the edit form (which has none) passes, and the phone checked against the chosen
// country the way the server will store it (docs/product-rules.md#validation limits, E.164).
import { merchantOwner, merchantRegisterBody } from '@kassa/contract/merchants';
import { checkPhone } from '@kassa/contract/phone';
import type { z } from 'zod';
import { BUSINESS_CONTACT_FIELDS } from '../../../components/form/business-contact-fields.ts';

const COUNTRY = /^[A-Z]{2}$/;

export const merchantFormSchema = merchantRegisterBody
  .extend({ owner: merchantOwner.optional() })
  .superRefine((value, ctx) => {
    if (!COUNTRY.test(value.country)) return;
    const check = checkPhone(value.phone, value.country);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: check.message });
  });

export type MerchantFormInput = z.input<typeof merchantFormSchema>;
export type MerchantFormValues = z.output<typeof merchantFormSchema>;

/** Fields the server may name in a 400's errors list. */
export const MERCHANT_FORM_FIELDS = [
  ...BUSINESS_CONTACT_FIELDS,
  'default_currency',
  'website',
  'industry_type_id',
  'logo',
  'master_merchant_id',
  'owner.first_name',
  'owner.last_name',
  'owner.email',
] as const;

export const EMPTY_MERCHANT_FORM: MerchantFormInput = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  country: 'US',
  default_currency: 'USD',
  website: null,
  industry_type_id: '',
  logo: null,
  master_merchant_id: null,
  owner: { first_name: '', last_name: '', email: '' },
};
