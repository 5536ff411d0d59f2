// GET /superadmin/admin/ (docs/product-rules.md#api-calls). Creating and editing staff admins lives in modules/admin-users.
import { adminPermissionSet } from '@kassa/contract/auth';
import { envelope, listQuery, page } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { anyAdmin } from '../../lib/route-access.ts';
import { listAdminPermissionSets } from './admin-permissions.service.ts';

export default async function adminPermissionsRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/superadmin/admin/',
    {
      config: { access: anyAdmin },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: envelope(page(adminPermissionSet)) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      result: await listAdminPermissionSets(ctx, request.actor, request.query),
    }),
  );
}
