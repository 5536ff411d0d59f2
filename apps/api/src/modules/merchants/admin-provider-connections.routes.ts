import { envelope, page } from '@kassa/contract/common';
import { adminProviderConnection, providerConnectionListQuery } from '@kassa/contract/merchants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { platformAdmin } from '../../lib/route-access.ts';
import { listProviderConnections } from './admin-provider-connections.service.ts';

export default async function adminProviderConnectionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/provider-connections/',
    {
      config: { access: platformAdmin },
      schema: {
        tags: ['admin merchants'],
        security: [{ bearer: [] }],
        querystring: providerConnectionListQuery,
        response: { 200: envelope(page(adminProviderConnection)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listProviderConnections(ctx, req.actor, req.query) }),
  );
}
