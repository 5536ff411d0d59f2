// A merchant-initiated charge of a saved card that the bank declined for want of authentication
// (failure_code authentication_required, a soft decline: Stripe's authentication_required, Adyen's
// "Authentication required" or raw 1A): the customer gets an e-mail (notifications worker) with a link
// to a page where they pay the same amount with the same card themselves, on-session, approving it with
// their bank (3-D Secure; the sandbox's approval page). The link's token is the credential: signed,
// 7 days, for one declined payment. Every click opens the same checkout session (its id is derived
// from the payment's), so the database's one-payment-per-checkout rules hold however often it is used.
import { createHash } from 'node:crypto';
import type { ChargeResult } from '@kassa/contract/checkout';
import { type AuthenticatePaymentDetails, authenticatePaymentPagePath } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import { AppError, businessRule, notFound } from '../../lib/app-error.ts';
import { DAY } from '../../lib/clock.ts';
import { signJwt, verifyJwt } from '../../lib/jwt.ts';
import { chargeCheckout } from '../charges/charge.service.ts';
import { type CheckoutClaims, storedCheckoutFacts } from '../checkout/checkout.service.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { findMerchantBrand, findPaymentToAuthenticate, findSavedCard } from './payment-methods.queries.ts';
import { toCheckoutSavedCard } from './payment-methods.service.ts';

const AUDIENCE = 'kassa-authenticate-payment';
export const AUTHENTICATE_LINK_TTL_MS = 7 * DAY;
const LINK_NOT_VALID = 'This link is no longer valid. Ask the merchant to charge your card again.';

/** The link e-mailed to the customer of the declined payment `transactionId`. */
export function authenticationLinkFor(ctx: AppContext, transactionId: string) {
  const now = ctx.clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const token = signJwt(ctx.keys.tokenSigning, {
    aud: AUDIENCE,
    sub: transactionId,
    iat,
    exp: Math.floor((now.getTime() + AUTHENTICATE_LINK_TTL_MS) / 1000),
  });
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}${authenticatePaymentPagePath(token)}`;
}

/** The one checkout session every use of a payment's link opens: a UUID derived from the payment's id. */
function sessionIdFor(transactionId: string) {
  const hex = createHash('sha256').update(`authenticate-payment:${transactionId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function linkOf(ctx: AppContext, token: string) {
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(ctx.keys.tokenSigning, token, ctx.clock.now(), { aud: AUDIENCE });
  } catch {
    throw new AppError('business_rule', LINK_NOT_VALID);
  }
  const tx = typeof claims.sub === 'string' ? await findPaymentToAuthenticate(ctx.db, claims.sub) : undefined;
  // Only the soft decline of a merchant-initiated saved-card charge is paid through such a link.
  if (
    tx?.status !== 'authorization_failed' ||
    tx.failureCode !== 'authentication_required' ||
    tx.initiator !== 'merchant' ||
    !tx.customerId ||
    !tx.paymentMethodId
  ) {
    throw notFound(LINK_NOT_VALID);
  }
  const customer = await findCustomerById(ctx.db, tx.customerId);
  if (!customer || customer.deletedAt) throw notFound(LINK_NOT_VALID);
  const card = await findSavedCard(ctx.db, tx.paymentMethodId);
  if (!card || card.deletedAt) {
    throw businessRule('This card was removed. Ask the merchant for another way to pay.');
  }
  return { tx, customer, card, sessionId: sessionIdFor(tx.id), exp: claims.exp as number };
}

export async function getAuthenticatePaymentDetails(
  ctx: AppContext,
  token: string,
): Promise<AuthenticatePaymentDetails> {
  const { tx, customer, card, sessionId, exp } = await linkOf(ctx, token);
  const merchant = (await findMerchantBrand(ctx.db, tx.merchantId))!;
  const session = await storedCheckoutFacts(ctx.db, sessionId);
  return {
    merchant_name: merchant.name,
    merchant_logo: merchant.logo,
    customer_name: customer.name,
    amount: tx.amount,
    currency: tx.currency,
    description: tx.description,
    card: toCheckoutSavedCard(card, ctx.clock.now()),
    paid: session?.status === 'completed',
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/**
 * The customer pays the declined charge themselves: a checkout for its amount, bound to the customer
 * (the link is the merchant's, so it may bind), paid with the same saved card, buyer present — the
 * processor then asks for 3-D Secure (an approval URL) instead of declining.
 */
export async function payAuthenticatedCharge(ctx: AppContext, token: string): Promise<ChargeResult> {
  const { tx, customer, card, sessionId } = await linkOf(ctx, token);
  // The facts are the payment's own, the same on every click: the first attempt writes them.
  const createdAt = tx.createdAt;
  const claims: CheckoutClaims = {
    sessionId,
    section: 'card',
    session: {
      merchantId: tx.merchantId,
      kind: 'virtual_terminal',
      productId: null,
      quickPaymentId: null,
      invoiceId: null,
      quantity: 1,
      amount: tx.amount,
      currency: tx.currency,
      country: customer.billingAddress?.country || 'US',
      intent: tx.intent === 'authorize' ? 'authorize' : 'capture',
      buyerId: tx.buyerId ?? customer.id,
      customerId: customer.id,
      buyerReference: customer.reference,
      buyerReferenceTrusted: customer.reference !== null,
      store: false,
      metadata: { authenticates_payment: tx.id },
      description: tx.description ?? '',
      createdBy: null,
      createdAt,
      // The link may be sent a little after the decline: the session outlives it by a day.
      expiresAt: new Date(createdAt.getTime() + AUTHENTICATE_LINK_TTL_MS + DAY),
    },
  };
  const billing = {
    firstName: tx.buyerFirstName,
    lastName: tx.buyerLastName,
    emailAddress: tx.buyerEmail,
  };
  const input = { token: sessionId, method: 'card' as const, billing, payment_method_id: card.id };
  return chargeCheckout(ctx, claims, input, undefined, { initiator: 'customer' });
}
