// Webhook endpoints of the signed-in merchant (Standard Webhooks): POST|GET
// /developers/webhook-endpoints/, PATCH|DELETE …/{id}/, GET …/{id}/deliveries/,
// POST …/{id}/deliveries/{delivery_id}/retry/, POST …/{id}/test/ and POST …/{id}/roll-secret/.
// Owners and staff only; with an API key, every route needs the `webhooks:write` scope.
import { envelope, idParam } from '@kassa/contract/common';
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDelivery,
  webhookDeliveryPage,
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookEndpoint,
  webhookEndpointQuery,
  webhookEndpointWithSecret,
} from '@kassa/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearer, resourceRoutes } from '../../lib/resource-routes.ts';
import { webhookManager } from './webhook-access.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  retryDelivery,
  rollEndpointSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service.ts';

const BASE = '/developers/webhook-endpoints/';

export default async function webhookRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const security = bearer;
  const endpoints = resourceRoutes(base, BASE, tags);
  const config = { access: webhookManager, scope: 'webhooks:write' as const };

  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'List webhook endpoints (an API key sees those of its own mode)',
        querystring: webhookEndpointQuery,
        response: { 200: envelope(z.array(webhookEndpoint)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listEndpoints(ctx, req.actor, req.query) }),
  );

  endpoints.create(
    config,
    {
      summary: 'Add a webhook endpoint (its secret is shown only in this answer)',
      body: createWebhookEndpointBody,
      item: webhookEndpointWithSecret,
    },
    (actor, body) => createEndpoint(ctx, actor, body),
    'Endpoint added. Copy its signing secret now: it is not shown again.',
  );
  endpoints.update(
    'patch',
    config,
    {
      summary: 'Change a webhook endpoint, or turn it off or on',
      body: updateWebhookEndpointBody,
      item: webhookEndpoint,
    },
    (actor, id, body) => updateEndpoint(ctx, actor, id, body),
    'Endpoint saved.',
  );
  endpoints.remove(config, (actor, id) => deleteEndpoint(ctx, actor, id).then(() => 'Endpoint deleted.'), {
    summary: 'Delete a webhook endpoint',
  });

  app.get(
    `${BASE}:id/deliveries/`,
    {
      config,
      schema: {
        tags,
        security,
        summary: "An endpoint's deliveries, newest first, with every attempt",
        params: idParam,
        querystring: webhookDeliveryQuery,
        response: { 200: envelope(webhookDeliveryPage) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await listDeliveries(ctx, req.actor, req.params.id, req.query),
    }),
  );

  app.post(
    `${BASE}:id/deliveries/:delivery_id/retry/`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Send a delivery again now',
        params: webhookDeliveryParams,
        response: { 200: envelope(webhookDelivery) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await retryDelivery(ctx, req.actor, req.params.id, req.params.delivery_id),
      message: 'The delivery will be sent again in a moment.',
    }),
  );

  endpoints.action(
    'test',
    config,
    { summary: 'Send a test.ping event to this endpoint', item: webhookDelivery },
    (actor, id) => sendTestEvent(ctx, actor, id),
    'Test event queued.',
  );
  endpoints.action(
    'roll-secret',
    config,
    {
      summary: 'Replace the signing secret (the old one keeps signing for 24 hours)',
      item: webhookEndpointWithSecret,
    },
    (actor, id) => rollEndpointSecret(ctx, actor, id),
    'New secret created. Copy it now: it is not shown again. The old one keeps working for 24 hours.',
  );
}
