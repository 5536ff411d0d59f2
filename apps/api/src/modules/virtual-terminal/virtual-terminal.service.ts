// Virtual terminal: the merchant keys in a card payment for a customer through the
// same widget and hosted fields as a buyer (card only). The session is an ordinary checkout session of
// kind 'virtual_terminal' created by the signed-in user, so the payment, its transaction and its
// refunds follow the same rules as any checkout.
import { APP, merchantCanSell } from '@kassa/contract/access';
import type { CheckoutTokenData } from '@kassa/contract/checkout';
import type { VirtualTerminalCheckoutBody } from '@kassa/contract/virtual-terminal';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { MERCHANT_UNAVAILABLE, openCheckout } from '../checkout/checkout.service.ts';
import { findTerminalMerchant } from './virtual-terminal.queries.ts';

type Body = Required<VirtualTerminalCheckoutBody>;

export async function openTerminalCheckout(ctx: AppContext, actor: Actor, body: Body): Promise<CheckoutTokenData> {
  const { merchantId } = requireMerchantAccess(actor, APP.VIRTUAL_TERMINAL, 'create');
  const merchant = await findTerminalMerchant(ctx.db, merchantId);
  if (!merchant || !merchantCanSell(merchant)) throw new AppError('business_rule', MERCHANT_UNAVAILABLE);
  const customer = `${body.customer_first_name} ${body.customer_last_name}`.trim();
  const checkout = await openCheckout(ctx, {
    merchantId,
    country: merchant.country,
    kind: 'virtual_terminal',
    intent: body.authorize_only ? 'authorize' : 'capture',
    amount: body.amount,
    currency: body.currency,
    description:
      body.description || (customer ? `Virtual terminal payment for ${customer}` : 'Virtual terminal payment'),
    comment: null,
    // The customer the merchant keyed the payment for, as far as given; the billing fields carry the
    // card holder. `email_receipt` is the charge's cue to require the e-mail (charge.service.ts).
    metadata: Object.fromEntries(
      Object.entries({
        customer_first_name: body.customer_first_name,
        customer_last_name: body.customer_last_name,
        customer_email: body.customer_email,
        email_receipt: body.email_receipt ? 'true' : '',
      }).filter(([, value]) => value !== ''),
    ),
    createdBy: actor.userId,
  });
  // Card only: a keyed-in payment has no wallet section.
  return { ...checkout, token: null, embed_data: null };
}
