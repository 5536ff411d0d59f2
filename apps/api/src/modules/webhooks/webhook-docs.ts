// The event catalogue in the OpenAPI document (its `webhooks` section): one entry per event type,
// with the payload schema from the contract, the signature headers and what the receiver answers.
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, webhookEventBody } from '@kassa/contract/webhooks';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });

export function webhookOpenApi(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: `${type}: ${WEBHOOK_EVENTS[type].description}`,
          description:
            'Sent as Standard Webhooks 1.0: verify `webhook-signature` (v1, HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" with the endpoint secret) before trusting the body. Answer 2xx within 10 seconds; anything else is retried for about 3 days. `webhook-id` stays the same across retries: use it to ignore repeats.',
          tags: ['webhooks'],
          // Kassa calls the merchant's server: the webhook-signature header is the proof, not a scheme.
          security: [],
          parameters: [
            { in: 'header', name: 'webhook-id', ...header('The event id, the same on every attempt.') },
            { in: 'header', name: 'webhook-timestamp', ...header('Unix seconds of this attempt.') },
            {
              in: 'header',
              name: 'webhook-signature',
              ...header('Space-separated `v1,<base64>` signatures (two for a day after a secret roll).'),
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(webhookEventBody(type), { io: 'output' }) } },
          },
          responses: {
            '200': { description: 'Received. Any 2xx counts; 3xx is a failure (redirects are not followed).' },
          },
        },
      } as OpenAPIV3_1.PathItemObject,
    ]),
  );
}
