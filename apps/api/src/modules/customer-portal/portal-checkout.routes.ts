// The customer portal's one route for the public checkout pages (docs/product-rules.md#saved-cards-on-a-public-checkout).
// It lives under /apiv1/customer-portal/ because the portal cookie goes to those paths only: no public
// checkout route ever receives it, and this one answers nothing but a binding of one checkout.

import { envelope } from '@kassa/contract/common';
import {
  CUSTOMER_PORTAL_COOKIE,
  portalCheckoutBinding,
  portalCheckoutBindingBody,
} from '@kassa/contract/customer-portal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { portalSessionOf } from './customer-portal.service.ts';
import { bindPortalCheckout } from './portal-checkout.service.ts';

export default async function portalCheckoutRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/customer-portal/checkout-binding/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['customer-portal'],
        summary: 'Pay on a public checkout of the same merchant with the signed-in customer’s saved cards',
        description:
          'Takes the checkout’s card token and answers it with the portal session’s customer bound: the hosted fields then offer that customer’s saved cards. Refused for another merchant’s checkout, a checkout in the other mode, or one already tried.',
        body: portalCheckoutBindingBody,
        response: { 200: envelope(portalCheckoutBinding) },
      },
    },
    async (req) => {
      const session = await portalSessionOf(ctx, req.cookies[CUSTOMER_PORTAL_COOKIE]);
      return { status: 'success' as const, result: await bindPortalCheckout(ctx, session, req.body.token) };
    },
  );
}
