// The customer portal's zod-free rules (docs/product-rules.md#customer-portal), shared by the API and
// the buyer pages, which load no zod.
import { buyerPagePath } from './buyer-pages.ts';

/** The portal session's cookie: httpOnly, SameSite=Lax, sent only to the portal's API paths. */
export const CUSTOMER_PORTAL_COOKIE = 'kassa_portal';

/** A sign-in link works this long, once. */
export const CUSTOMER_PORTAL_LINK_TTL_MINUTES = 30;

/** The answer to every sign-in request, known e-mail or not: the form reveals no customers. */
export const CUSTOMER_PORTAL_LINK_SENT =
  'If this e-mail address belongs to a customer, a sign-in link is on its way. It works once, for 30 minutes.';

export const customerPortalPagePath = (merchantId: string) => buyerPagePath('customer-portal', merchantId);
export const customerPortalSignInPath = (token: string) => buyerPagePath('customer-portal-sign-in', token);
