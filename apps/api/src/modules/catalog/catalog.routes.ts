import { catalogItem, catalogListQuery, catalogPatch } from '@kassa/contract/catalog';
import { envelope, idParam, page } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { adminView, platformAdmin } from '../../lib/route-access.ts';
import { listCatalog, setCatalogProductActive } from './catalog.service.ts';

const tags = ['admin catalog'];
const security = [{ bearer: [] }];

export default async function catalogRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/catalog/',
    {
      config: { access: adminView('view_catalog') },
      schema: { tags, security, querystring: catalogListQuery, response: { 200: envelope(page(catalogItem)) } },
    },
    async (req) => ({ status: 'success' as const, result: await listCatalog(ctx, req.actor, req.query) }),
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
