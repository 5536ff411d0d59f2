// Public endpoint Stripe delivers a connection's events to. The signature covers the exact bytes
// Stripe sent, so this plugin keeps JSON bodies as raw text instead of parsing them.
import { envelope } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { receiveStripeWebhook } from './stripe-webhook.service.ts';

const connectionParam = z.object({ connectionId: z.uuid('Not a valid webhook endpoint') });
const received = z.object({
  received: z.literal(true),
  effect: z.enum(['settled', 'refund_failed', 'disputed', 'card_removed', 'card_updated', 'ignored']),
});

/** Read as sent (not declared as a schema field): the SDK rejects anything but Stripe's own format. */
const signatureOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['stripe-signature'];
  return typeof value === 'string' && value.length <= 2000 ? value : undefined;
};

export default async function stripeWebhookRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Encapsulated in this plugin: every other route keeps the normal JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/stripe/:connectionId/',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['webhooks'],
        params: connectionParam,
        body: z
          .string()
          .max(512 * 1024)
          .describe('The event exactly as Stripe sent it (JSON)'),
        response: { 200: envelope(received) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await receiveStripeWebhook(ctx, req.params.connectionId, req.body, signatureOf(req.headers)),
    }),
  );
}
