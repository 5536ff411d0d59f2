// A merchant-initiated charge of a customer's saved card (portal "Charge card", the Virtual Terminal's
// "Saved card" tab, POST /customer/{id}/charge/ with an API key holding payments:write). It is a checkout
// the merchant opens and pays at once: the same three steps, guards and Idempotency-Key as the buyer's
// (charge.service.ts), with the initiator `merchant` — Stripe off_session, Adyen ContAuth
// (docs/decisions/0023-saved-cards-live-at-the-processor.md).
import type { customerChargeBody } from '@kassa/contract/saved-cards';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { CheckoutClaims } from '../checkout/checkout.service.ts';
import { CHECKOUT_SESSION_TTL_MS } from '../checkout/checkout.service.ts';
import { merchantCountryOf, requireCustomer } from '../customers/customers.service.ts';
import { type ChargeKey, chargeCheckout } from './charge.service.ts';

export type CustomerCharge = z.output<typeof customerChargeBody>;

/** The customer the caller may charge (Virtual Terminal `create`; an API key only in its own mode). */
export const requireChargeableCustomer = (ctx: AppContext, actor: Actor, customerId: string) =>
  requireCustomer(ctx, actor, customerId, 'create');

export async function chargeCustomerCard(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  body: CustomerCharge,
  key?: ChargeKey,
) {
  const customer = await requireChargeableCustomer(ctx, actor, customerId);
  const now = ctx.clock.now();
  const country = customer.billingAddress?.country ?? (await merchantCountryOf(ctx.db, customer.merchantId));
  const claims: CheckoutClaims = {
    sessionId: crypto.randomUUID(),
    section: 'card',
    session: {
      merchantId: customer.merchantId,
      kind: 'virtual_terminal',
      productId: null,
      quickPaymentId: null,
      invoiceId: null,
      quantity: 1,
      amount: body.amount,
      currency: body.currency,
      country,
      intent: body.authorize_only ? 'authorize' : 'capture',
      buyerId: crypto.randomUUID(),
      customerId: customer.id,
      buyerReference: customer.reference,
      buyerReferenceTrusted: customer.reference !== null,
      store: false,
      metadata: {},
      description: body.description ?? '',
      createdBy: actor.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    },
  };
  const [first = customer.name, ...rest] = customer.name.split(' ');
  const billing = { firstName: first, lastName: rest.join(' '), emailAddress: customer.email ?? '' };
  const input = {
    token: claims.sessionId,
    method: 'card' as const,
    billing,
    payment_method_id: body.payment_method_id,
  };
  return chargeCheckout(ctx, claims, input, key, 'merchant');
}
