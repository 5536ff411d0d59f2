// The buyer pages' addresses (docs/product-rules.md#routes, config/paths.ts) and a path matcher for them: all the routing
// the checkout entry needs, instead of react-router (~18 KB gzip). The dev server
// (vite.config.ts) and the API (apps/api/src/app.ts, its own copy of the pattern) serve checkout.html
// for exactly these paths.
export type CheckoutPage = 'product' | 'quick-payment' | 'invoice-checkout' | 'invoice-copy';

export interface CheckoutRoute {
  page: CheckoutPage;
  id: string;
}

const PATTERNS: [CheckoutPage, RegExp][] = [
  ['product', /^\/checkout\/([^/]+)\/?$/],
  ['quick-payment', /^\/quickpayment\/checkout\/([^/]+)\/?$/],
  ['invoice-checkout', /^\/invoice\/checkout\/([^/]+)\/?$/],
  ['invoice-copy', /^\/invoice\/copy\/([^/]+)\/?$/],
];

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
