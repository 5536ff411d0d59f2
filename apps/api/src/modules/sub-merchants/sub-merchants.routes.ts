import { APP } from '@kassa/contract/access';
import { subMerchant, subMerchantListQuery } from '@kassa/contract/sub-merchants';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { listOwnSubMerchants } from './sub-merchants.service.ts';

export default async function subMerchantRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  resourceRoutes(base, '/merchant/sub-merchants/', ['sub-merchants']).list(
    { access: merchantApp(APP.DASHBOARD, 'view') },
    { query: subMerchantListQuery, item: subMerchant },
    (actor, query) => listOwnSubMerchants(ctx, actor, query),
  );
}
