// POST /apiv1/pay/subscribe/: a buyer subscribes on a checkout page or in the widget
// (docs/product-rules.md#subscribing-at-checkout). Public: the checkout token is the credential.
import { subscribeBody, subscribeResult } from '@kassa/contract/checkout';
import { envelope } from '@kassa/contract/common';
import { acceptedLocale } from '@kassa/contract/i18n/locales';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { verifyCheckoutToken } from '../checkout/checkout.service.ts';
import { parseIdempotencyKey, runIdempotent, sendIdempotent } from '../idempotency/idempotency.service.ts';
import { subscribeAtCheckout } from './checkout-subscribe.service.ts';

export default async function checkoutSubscribeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/pay/subscribe/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['payments'], body: subscribeBody, response: { 200: envelope(subscribeResult) } },
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers['idempotency-key']);
      const claims = await verifyCheckoutToken(ctx.keys.tokenSigning, req.body.token, ctx.clock.now());
      const ref = key ? { scope: `checkout:${claims.sessionId}`, endpoint: 'pay/subscribe', key } : null;
      const result = await runIdempotent(ctx, ref, req.body, async () => ({
        status: 200,
        body: {
          status: 'success' as const,
          result: await subscribeAtCheckout(ctx, claims, req.body, acceptedLocale(req.headers['accept-language'])),
        },
      }));
      sendIdempotent(reply, result);
      return reply;
    },
  );
}
