// Webhook endpoints of the signed-in merchant (Standard Webhooks): POST|GET
// /developers/webhook-endpoints/, PATCH|DELETE …/{id}/, GET …/{id}/deliveries/,
// POST …/{id}/deliveries/{delivery_id}/retry/, POST …/{id}/test/ and POST …/{id}/roll-secret/.
// Owners and staff only; with an API key, every route needs the `webhooks:write` scope.
import { envelope, idParam, messageEnvelope } from '@kassa/contract/common';
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDelivery,
  webhookDeliveryPage,
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookEndpoint,
  webhookEndpointWithSecret,
} from '@kassa/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
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
  const security = [{ bearer: [] }];
  const config = { access: webhookManager, scope: 'webhooks:write' as const };

  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'List webhook endpoints',
        response: { 200: envelope(z.array(webhookEndpoint)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listEndpoints(ctx, req.actor) }),
  );

  app.post(
    BASE,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add a webhook endpoint (its secret is shown only in this answer)',
        body: createWebhookEndpointBody,
        response: { 201: envelope(webhookEndpointWithSecret) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        result: await createEndpoint(ctx, req.actor, req.body),
        message: 'Endpoint added. Copy its signing secret now: it is not shown again.',
      }),
  );

  app.patch(
    `${BASE}:id/`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change a webhook endpoint, or turn it off or on',
        params: idParam,
        body: updateWebhookEndpointBody,
        response: { 200: envelope(webhookEndpoint) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await updateEndpoint(ctx, req.actor, req.params.id, req.body),
      message: 'Endpoint saved.',
    }),
  );

  app.delete(
    `${BASE}:id/`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete a webhook endpoint',
        params: idParam,
        response: { 200: messageEnvelope },
      },
    },
    async (req) => {
      await deleteEndpoint(ctx, req.actor, req.params.id);
      return { status: 'success' as const, message: 'Endpoint deleted.' };
    },
  );

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

  app.post(
    `${BASE}:id/test/`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Send a test.ping event to this endpoint',
        params: idParam,
        response: { 200: envelope(webhookDelivery) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await sendTestEvent(ctx, req.actor, req.params.id),
      message: 'Test event queued.',
    }),
  );

  app.post(
    `${BASE}:id/roll-secret/`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Replace the signing secret (the old one keeps signing for 24 hours)',
        params: idParam,
        response: { 200: envelope(webhookEndpointWithSecret) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await rollEndpointSecret(ctx, req.actor, req.params.id),
      message: 'New secret created. Copy it now: it is not shown again. The old one keeps working for 24 hours.',
    }),
  );
}
