import { catalogItem, catalogListQuery, catalogPatch } from '@kassa/contract/catalog';
import { envelope, idParam } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { adminView, platformAdmin } from '../../lib/route-access.ts';
import { listCatalog, setCatalogProductActive } from './catalog.service.ts';

const tags = ['admin catalog'];
const security = [{ bearer: [] }];

export default async function catalogRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  resourceRoutes(base, '/catalog/', tags).list(
    { access: adminView('view_catalog') },
    { query: catalogListQuery, item: catalogItem },
    (actor, query) => listCatalog(ctx, actor, query),
  );

  app.patch(
    '/catalog/:id/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, body: catalogPatch, response: { 200: envelope(catalogItem) } },
    },
    async (req) => {
      const { item, message } = await setCatalogProductActive(ctx, req.actor, req.params.id, req.body.is_active);
      return { status: 'success' as const, result: item, message };
    },
  );
}
