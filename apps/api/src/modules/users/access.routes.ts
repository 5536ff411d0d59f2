// Per-user app access (docs/product-rules.md#api-calls: GET/PUT /auth/access/{id}/).
import { APP } from '@kassa/contract/access';
import { accessList, accessPut } from '@kassa/contract/auth';
import { envelope, idParam } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { getUserAccess, requireAccessListReader, updateUserAccess } from './access.service.ts';

export default async function accessRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['users'], security: [{ bearer: [] }], params: idParam };

  app.get(
    '/auth/access/:id/',
    {
      config: { access: (actor, request) => requireAccessListReader(actor, (request.params as { id?: unknown }).id) },
      schema: { ...common, response: { 200: envelope(accessList) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await getUserAccess(ctx, request.actor, request.params.id),
    }),
  );

  app.put(
    '/auth/access/:id/',
    {
      config: { access: merchantApp(APP.USERS, 'edit') },
      schema: { ...common, body: accessPut, response: { 200: envelope(accessList) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await updateUserAccess(ctx, request.actor, request.params.id, request.body),
      message: 'Access updated.',
    }),
  );
}
