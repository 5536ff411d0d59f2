import { APP } from '@kassa/contract/access';
import { envelope, page } from '@kassa/contract/common';
import { subMerchant, subMerchantListQuery } from '@kassa/contract/sub-merchants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { listOwnSubMerchants } from './sub-merchants.service.ts';

export default async function subMerchantRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/merchant/sub-merchants/',
    {
      config: { access: merchantApp(APP.DASHBOARD, 'view') },
      schema: {
        tags: ['sub-merchants'],
        security: [{ bearer: [] }],
        querystring: subMerchantListQuery,
        response: { 200: envelope(page(subMerchant)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listOwnSubMerchants(ctx, req.actor, req.query) }),
  );
}
