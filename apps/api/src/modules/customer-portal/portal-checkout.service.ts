// Paying on a public checkout with a saved card, for a buyer signed in to the merchant's customer
// portal (docs/product-rules.md#saved-cards-on-a-public-checkout). The portal cookie stays on the
// portal's own paths: the checkout page hands its card token here, and gets it back with the session's
// customer bound, for this checkout only and never beyond its end (the checkout module decides).
import type { PortalCheckoutBinding } from '@kassa/contract/customer-portal';
import type { AppContext } from '../../context.ts';
import { bindCheckoutToCustomer } from '../checkout/bind-customer.service.ts';
import { type PortalSession, requireLiveCustomer } from './customer-portal.service.ts';

export async function bindPortalCheckout(
  ctx: AppContext,
  session: PortalSession,
  checkoutToken: string,
): Promise<PortalCheckoutBinding> {
  const { customer } = await requireLiveCustomer(ctx, session);
  const bound = await bindCheckoutToCustomer(ctx, checkoutToken, {
    id: customer.id,
    merchantId: customer.merchantId,
    mode: customer.mode,
  });
  return {
    token_card: bound.token,
    customer_name: customer.name,
    customer_email: customer.email,
    expires_at: bound.expiresAt.toISOString(),
  };
}
