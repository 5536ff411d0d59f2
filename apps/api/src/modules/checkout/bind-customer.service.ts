// A public checkout bound to a customer who proved who they are (docs/product-rules.md#saved-cards-on-a-public-checkout).
// A public token request never binds a customer (checkout.service.ts buyerOf): anyone may type a buyer
// id. A buyer signed in to the merchant's customer portal has proved it with the e-mailed link, so the
// portal hands their customer to this checkout: the same session, its card token signed again with the
// customer in it, ending when the checkout ends. From there the ordinary payment path applies — the
// saved card must be that customer's (record-attempt.ts), one payment per checkout, the Idempotency-Key
// scoped to the session — and the charge is the buyer's own (customer-initiated).
import type { AppContext } from '../../context.ts';
import { businessRule, forbidden, invalid } from '../../lib/app-error.ts';
import { cardPaymentMode } from '../connections/connections.service.ts';
import { findCheckoutSession } from './checkout.queries.ts';
import { signCheckoutToken, verifyCheckoutToken } from './checkout-token.ts';

export const OTHER_MERCHANTS_CHECKOUT =
  'You are signed in to another merchant’s billing. Sign in to this merchant’s to pay with a saved card.';
export const CHECKOUT_ALREADY_TRIED =
  'A payment was already tried on this checkout. Reload the page to pay with a saved card.';

/** The customer a portal session names, as the checkout needs it. */
export interface ProvenCustomer {
  id: string;
  merchantId: string;
  mode: 'test' | 'live';
}

export async function bindCheckoutToCustomer(
  ctx: AppContext,
  token: string,
  customer: ProvenCustomer,
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const claims = await verifyCheckoutToken(ctx.keys.tokenSigning, token, now);
  const facts = claims.session;
  if (claims.section !== 'card' || !facts) {
    throw invalid('token', 'A saved card pays in the card section: send the checkout’s card token.');
  }
  if (facts.kind === 'virtual_terminal') throw invalid('token', 'Only a buyer’s checkout takes a saved card this way.');
  // Before anything else is read: a session of merchant A learns nothing about merchant B's checkout.
  if (facts.merchantId !== customer.merchantId) throw forbidden(OTHER_MERCHANTS_CHECKOUT);
  if (facts.customerId !== null && facts.customerId !== customer.id) {
    throw forbidden('The merchant opened this checkout for another customer.');
  }
  // A session row is written by the first attempt from the token it came with: after that the row's
  // customer is the one every later attempt uses, so binding now would change nothing but the page.
  const stored = await findCheckoutSession(ctx.db, claims.sessionId);
  if (stored && stored.customerId !== customer.id) throw businessRule(CHECKOUT_ALREADY_TRIED);
  const mode = await cardPaymentMode(ctx.db, ctx.keys, facts.merchantId);
  if (mode !== customer.mode) {
    throw forbidden(
      `You are signed in as a ${customer.mode} customer, and this checkout takes ${mode} payments: test and live never mix.`,
    );
  }
  const bound = await signCheckoutToken(
    ctx.keys.tokenSigning,
    { sessionId: claims.sessionId, section: 'card', session: { ...facts, customerId: customer.id } },
    now,
    facts.expiresAt,
  );
  return { token: bound, expiresAt: facts.expiresAt };
}
