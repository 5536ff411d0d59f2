// The business-profile form: its fields as typed, how a saved profile fills them, and which server
// field errors land next to a field.
import type { MerchantProfile, merchantProfilePatch } from '@kassa/contract/auth';
import { formatInternational } from '@kassa/contract/phone';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { BUSINESS_CONTACT_FIELDS } from '../../../components/form/business-contact-fields.ts';
import { fieldErrorText } from '../../../lib/api-error-text.ts';
import { activePortalI18n } from '../../../lib/use-portal-i18n.ts';

export type ProfileForm = Omit<z.input<typeof merchantProfilePatch>, 'logo'>;
export const FIELDS: FieldPath<ProfileForm>[] = [...BUSINESS_CONTACT_FIELDS, 'website', 'tax_id'];

export const toForm = (p: MerchantProfile): Required<ProfileForm> => ({
  name: p.name,
  email: p.email,
  // The stored number is E.164; show it the way people write it (docs/product-rules.md#validation: the raw value when it fails).
  phone: p.phone ? formatInternational(p.phone, p.country) : '',
  address: p.address,
  city: p.city,
  state: p.state,
  zip_code: p.zip_code,
  country: p.country,
  website: p.website ?? '',
  match_customers_by_email: p.match_customers_by_email,
  email_receipts: p.email_receipts,
  tax_id: p.tax_id ?? '',
});

/** The server's message for the logo field, when it refused the logo (docs/ARCHITECTURE.md#api-conventions field errors). */
export function logoFieldError(error: unknown): string | undefined {
  const errors = (error as { errors?: { path?: string; message?: string }[] } | null)?.errors;
  const message = Array.isArray(errors) ? errors.find((entry) => entry.path === 'logo')?.message : undefined;
  return message && fieldErrorText(message, activePortalI18n());
}
