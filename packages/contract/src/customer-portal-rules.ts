// The customer portal's zod-free rules (docs/product-rules.md#customer-portal), shared by the API and
// the buyer pages, which load no zod.
import { buyerPagePath, type CheckoutPage, matchCheckoutRoute } from './buyer-pages.ts';

/** The portal session's cookie: httpOnly, SameSite=Lax, sent only to the portal's API paths. */
export const CUSTOMER_PORTAL_COOKIE = 'kassa_portal';

/**
 * Beside the session cookie, readable by the buyer pages: the merchant id whose portal the browser is
 * signed in to, and nothing else. It opens nothing (the session cookie does); a public checkout of that
 * merchant asks for the saved cards only when it is there, so no other buyer's page makes the request.
 */
export const CUSTOMER_PORTAL_HINT_COOKIE = 'kassa_portal_merchant';

/** A sign-in link works this long, once. */
export const CUSTOMER_PORTAL_LINK_TTL_MINUTES = 30;

/** The answer to every sign-in request, known e-mail or not: the form reveals no customers. */
export const CUSTOMER_PORTAL_LINK_SENT =
  'If this e-mail address belongs to a customer, a sign-in link is on its way. It works once, for 30 minutes.';

export const customerPortalPagePath = (merchantId: string) => buyerPagePath('customer-portal', merchantId);

/** The sign-in link's query parameter naming the public checkout to go back to after signing in. */
export const CHECKOUT_RETURN_PARAM = 'return_to';

/**
 * The e-mailed sign-in link; with `returnTo` (a public checkout's path, isCheckoutReturnPath) the page
 * goes back to that checkout instead of the portal, where the buyer pays with a saved card.
 */
export const customerPortalSignInPath = (token: string, returnTo?: string | null) =>
  `${buyerPagePath('customer-portal-sign-in', token)}${returnTo ? `?${CHECKOUT_RETURN_PARAM}=${encodeURIComponent(returnTo)}` : ''}`;

// Only a public checkout of something sold (docs/product-rules.md#saved-cards-on-a-public-checkout):
// an exact path with a uuid, so the link can never send the buyer off the site or to another page.
const RETURN_PAGES: ReadonlySet<CheckoutPage> = new Set(['product', 'quick-payment', 'invoice-checkout']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `path` is a public checkout page a portal sign-in may return to. */
export function isCheckoutReturnPath(path: string): boolean {
  const route = matchCheckoutRoute(path);
  return (
    route !== null &&
    RETURN_PAGES.has(route.page) &&
    UUID.test(route.id) &&
    path === buyerPagePath(route.page, route.id)
  );
}
