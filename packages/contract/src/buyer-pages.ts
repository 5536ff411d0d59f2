// The buyer pages' addresses (docs/product-rules.md#routes), defined once: the links the API hands
// out, the paths the API and the web dev server answer with checkout.html, the back-office routes,
// and the matcher the checkout entry routes with instead of react-router (~18 KB gzip).
export type CheckoutPage =
  | 'product'
  | 'quick-payment'
  | 'invoice-checkout'
  | 'invoice-copy'
  | 'add-card'
  | 'authenticate-payment'
  | 'customer-portal'
  | 'customer-portal-sign-in';

export interface CheckoutRoute {
  page: CheckoutPage;
  id: string;
}

const PREFIX: Record<CheckoutPage, string> = {
  product: '/checkout/',
  'quick-payment': '/quickpayment/checkout/',
  'invoice-checkout': '/invoice/checkout/',
  'invoice-copy': '/invoice/copy/',
  // The e-mailed link to save a card without paying: its id is the link's token.
  'add-card': '/card/add/',
  // The e-mailed link to pay a merchant's charge the bank wants the buyer to approve: its id is the link's token.
  'authenticate-payment': '/card/authenticate/',
  // The customer portal of one merchant (its id): the e-mail form, or the signed-in customer's portal.
  'customer-portal': '/billing/',
  // The e-mailed sign-in link of the customer portal: its id is the one-time token.
  'customer-portal-sign-in': '/billing/sign-in/',
};

/** The page's path for `id` (a route parameter such as `:id` gives the router's pattern). */
export const buyerPagePath = (page: CheckoutPage, id: string) => `${PREFIX[page]}${id}`;

const escapeRegExp = (text: string) => text.replace(/[/.]/g, '\\$&');
const PATTERNS = (Object.entries(PREFIX) as [CheckoutPage, string][]).map(
  ([page, prefix]) => [page, new RegExp(`^${escapeRegExp(prefix)}([^/]+)\\/?$`)] as const,
);

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // a malformed escape is not an id
  }
};

/** The buyer page at `pathname`, or null when it is not one. */
export function matchCheckoutRoute(pathname: string): CheckoutRoute | null {
  for (const [page, pattern] of PATTERNS) {
    const segment = pattern.exec(pathname)?.[1];
    const id = segment === undefined ? null : decode(segment);
    if (id) return { page, id };
  }
  return null;
}
