// Per-route security headers of the hosted pages, derived from the global policy
// (plugins/security-headers.ts) so everything but what a page needs stays as strict.
import type { HelmetOptions } from 'helmet';
import { securityHeaders } from '../../plugins/security-headers.ts';

type Directives = Record<string, string[]>;

const base: { directives: Directives } = securityHeaders.contentSecurityPolicy;

function csp(overrides: Directives) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      // Neither page sets a style attribute, so inline styles are refused too.
      directives: { ...base.directives, styleSrc: ["'self'"], ...overrides },
    },
  };
}

/**
 * /pay/fields is framed by merchant checkout pages, which may themselves be framed (the embed of
 * docs/product-rules.md#embed-entry), so no list of ancestors can be known here: `frame-ancestors *` as with Stripe
 * Elements. That is safe because the card data never leaves this frame except to this origin's API,
 * and the host only ever receives the transaction id and status.
 */
export const fieldsPageHelmet = {
  ...csp({ frameAncestors: ['*'] }),
  // X-Frame-Options has no "any origin" value; CSP frame-ancestors decides instead.
  frameguard: false,
} satisfies HelmetOptions;

/**
 * The approval popup is a top-level window, never framed. Its opener (the page with the widget) must
 * keep its handle on it to notice the buyer closing it (docs/product-rules.md#states-and-transitions), so no Cross-Origin-Opener-Policy
 * isolation here: with `same-origin` the opener would see the popup as closed at once.
 */
export const approvalPageHelmet = {
  ...csp({ frameAncestors: ["'none'"] }),
  crossOriginOpenerPolicy: { policy: 'unsafe-none' },
} satisfies HelmetOptions;

/** Merchants load /pay/widget.js with a <script> tag from their own origin. */
export const widgetScriptHelmet = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} satisfies HelmetOptions;
