// GET /superadmin/admin/ (docs/product-rules.md#api-calls). Creating and editing staff admins lives in modules/admin-users.
import { adminPermissionSet } from '@kassa/contract/auth';
import { listQuery } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { anyAdmin } from '../../lib/route-access.ts';
import { listAdminPermissionSets } from './admin-permissions.service.ts';

export default async function adminPermissionsRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  resourceRoutes(base, '/superadmin/admin/', ['admin']).list(
    { access: anyAdmin },
    { query: listQuery, item: adminPermissionSet },
    (actor, query) => listAdminPermissionSets(ctx, actor, query),
  );
}
