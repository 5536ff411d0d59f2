// POST and PATCH /superadmin/admin/. The list, GET /superadmin/admin/, lives in
// modules/users/admin-permissions.routes.ts with the same response shape.
import { adminUserCreateBody, adminUserPatchBody } from '@kassa/contract/admin-users';
import { adminPermissionSet } from '@kassa/contract/auth';
import { envelope, idParam } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { platformAdmin } from '../../lib/route-access.ts';
import { createStaffAdmin, patchStaffAdmin } from './admin-users.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

export default async function adminUserRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/superadmin/admin/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, body: adminUserCreateBody, response: { 201: envelope(adminPermissionSet) } },
    },
    async (req, reply) => {
      const { admin, message } = await createStaffAdmin(ctx, req.actor, req.body, req.log);
      return reply.status(201).send({ status: 'success' as const, result: admin, message });
    },
  );

  app.patch(
    '/superadmin/admin/:id/',
    {
      config: { access: platformAdmin },
      schema: {
        tags,
        security,
        params: idParam,
        body: adminUserPatchBody,
        response: { 200: envelope(adminPermissionSet) },
      },
    },
    async (req) => {
      const { admin, message } = await patchStaffAdmin(ctx, req.actor, req.params.id, req.body);
      return { status: 'success' as const, result: admin, message };
    },
  );
}
