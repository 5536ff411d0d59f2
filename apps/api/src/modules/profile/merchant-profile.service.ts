// The merchant's business profile (docs/product-rules.md#api-calls: GET/PATCH /auth/merchant-profile/). Every merchant user
// may read it; only the owner (2) and staff (5) may change it — a sub-user (3) may not. The logo is
// an image uploaded to Kassa first (POST /uploads/image/?purpose=logo), never an outside URL: it is
// shown in the header, on checkout pages and invoices (no tracking pixels, nothing the CSP blocks).

import { isMerchantRole, ROLE } from '@kassa/contract/access';
import type { MerchantProfile, MerchantProfilePatch } from '@kassa/contract/auth';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { writeAndAnnounce } from '../../lib/cache-invalidation.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isUsableImage } from '../uploads/uploads.service.ts';
import { findMerchantProfileRow, type MerchantProfileRow, updateMerchantProfileRow } from './profile.queries.ts';

function merchantOf(actor: Actor): string {
  if (!isMerchantRole(actor.role) || !actor.merchantId) throw forbidden('This is for merchant accounts.');
  return actor.merchantId;
}

export function toMerchantProfile({
  merchant: m,
  industryTypeName,
  masterMerchantLogo,
}: MerchantProfileRow): MerchantProfile {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    address: m.address,
    city: m.city,
    state: m.state,
    zip_code: m.zipCode,
    country: m.country,
    default_currency: m.defaultCurrency,
    website: m.website,
    logo: m.logo,
    industry_type_id: m.industryTypeId,
    industry_type_name: industryTypeName,
    master_merchant_id: m.masterMerchantId,
    master_merchant_logo: masterMerchantLogo,
    payment_hub_status: m.paymentHubStatus,
    finance_hub_status: m.financeHubStatus,
    match_customers_by_email: m.matchCustomersByEmail,
    email_receipts: m.emailReceipts,
    tax_id: m.taxId,
  };
}

export async function getMerchantProfile(ctx: AppContext, actor: Actor): Promise<MerchantProfile> {
  const row = await findMerchantProfileRow(ctx.db, merchantOf(actor));
  if (!row) throw notFound('Merchant not found.');
  return toMerchantProfile(row);
}

/** The owner or staff (2, 5) of a merchant, in a full session, change its business profile. */
export function requireBusinessProfileAccess(actor: Actor): string {
  requireFullSession(actor);
  const merchantId = merchantOf(actor);
  if (actor.role !== ROLE.MERCHANT_OWNER && actor.role !== ROLE.MERCHANT_STAFF) {
    throw forbidden("Only the merchant's owner or staff can change the business profile.");
  }
  return merchantId;
}

export async function updateMerchantProfile(
  ctx: AppContext,
  actor: Actor,
  patch: MerchantProfilePatch,
): Promise<MerchantProfile> {
  const merchantId = requireBusinessProfileAccess(actor);
  const before = await findMerchantProfileRow(ctx.db, merchantId);
  if (!before) throw notFound('Merchant not found.');
  // The contract only lets through /apiv1/uploads/<uuid>.<ext>; the image must exist and be this merchant's.
  if (patch.logo && !(await isUsableImage(ctx, merchantId, patch.logo))) {
    throw invalid('logo', 'Upload the image first');
  }
  // A national number is read in the (possibly new) country of the business.
  const country = patch.country ?? before.merchant.country;
  const phone = patch.phone === undefined ? undefined : normalizePhone(patch.phone, country);
  const website = patch.website === '' ? null : patch.website;
  const now = ctx.clock.now();
  const values = {
    name: patch.name,
    email: patch.email,
    phone,
    address: patch.address,
    city: patch.city,
    state: patch.state,
    zipCode: patch.zip_code,
    country: patch.country,
    website,
    logo: patch.logo,
    matchCustomersByEmail: patch.match_customers_by_email,
    emailReceipts: patch.email_receipts,
    taxId: patch.tax_id === undefined ? undefined : patch.tax_id || null,
  };
  // The business name and logo show on its checkout pages.
  await writeAndAnnounce(ctx, { kind: 'merchant', id: merchantId }, async (tx) => {
    await updateMerchantProfileRow(tx, merchantId, values, now);
    await recordAudit(tx, {
      actor,
      merchantId,
      action: 'merchant.updated',
      entityType: 'merchant',
      entityId: merchantId,
      data: { fields: Object.keys(patch) },
    });
  });
  return getMerchantProfile(ctx, actor);
}
