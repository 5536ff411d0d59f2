// POST /webhooks/adyen/:connectionId/ — where a merchant points Adyen's standard webhook (JSON,
// HMAC-signed) for one connection. Public: the HMAC signature made with the connection's key is the
// credential. Adyen counts a delivery as received on "[accepted]"; anything else makes it retry.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { receiveAdyenNotifications } from './adyen-webhook.service.ts';

const notificationItem = z.looseObject({
  pspReference: z.string().min(1).max(64),
  originalReference: z.string().max(64).optional(),
  merchantAccountCode: z.string().min(1).max(200),
  merchantReference: z.string().max(200).optional(),
  amount: z.object({ currency: z.string().length(3), value: z.number().int() }),
  eventCode: z.string().min(1).max(100),
  eventDate: z.string().max(64).optional(),
  success: z.enum(['true', 'false']),
  reason: z.string().max(2000).optional(),
  paymentMethod: z.string().max(100).optional(),
  operations: z.array(z.string().max(50)).max(20).optional(),
  additionalData: z.record(z.string(), z.string()).optional(),
});

/** Adyen's standard webhook message (docs.adyen.com "Webhook structure"). */
const adyenNotificationMessage = z.object({
  live: z.enum(['true', 'false']),
  notificationItems: z
    .array(z.object({ NotificationRequestItem: notificationItem }))
    .min(1)
    .max(100),
});

export default async function adyenWebhookRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/webhooks/adyen/:connectionId/',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['webhooks'],
        params: z.object({ connectionId: z.uuid('Not a valid connection id') }),
        body: adyenNotificationMessage,
        response: { 200: z.literal('[accepted]') },
      },
    },
    async (req, reply) => {
      await receiveAdyenNotifications(
        ctx,
        req.params.connectionId,
        req.body.notificationItems.map((n) => n.NotificationRequestItem),
      );
      return reply.type('text/plain; charset=utf-8').send('[accepted]');
    },
  );
}
