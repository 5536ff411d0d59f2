import { adminProviderConnection, providerConnectionListQuery } from '@kassa/contract/merchants';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { platformAdmin } from '../../lib/route-access.ts';
import { listProviderConnections } from './admin-provider-connections.service.ts';

export default async function adminProviderConnectionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  resourceRoutes(base, '/admin/provider-connections/', ['admin merchants']).list(
    { access: platformAdmin },
    { query: providerConnectionListQuery, item: adminProviderConnection },
    (actor, query) => listProviderConnections(ctx, actor, query),
  );
}
