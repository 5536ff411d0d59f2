// GET/POST /users/, GET/PATCH/DELETE /users/{id}/ (docs/ARCHITECTURE.md) for a merchant's own users.
// Per-user app access is GET|PUT /auth/access/{id}/ (users module).
import { APP } from '@kassa/contract/access';
import { envelope, idParam, messageEnvelope, page } from '@kassa/contract/common';
import {
  MERCHANT_USER_MESSAGES,
  merchantUserInvite,
  merchantUserListQuery,
  merchantUserPatch,
  merchantUserSchema,
} from '@kassa/contract/merchant-users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { disableUser, getUser, inviteUser, listUsers, patchUser } from './merchant-users.service.ts';

export default async function merchantUserRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.get(
    '/users/',
    {
      config: { access: merchantApp(APP.USERS, 'view') },
      schema: {
        tags,
        security,
        querystring: merchantUserListQuery,
        response: { 200: envelope(page(merchantUserSchema)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listUsers(ctx, req.actor, req.query) }),
  );

  app.post(
    '/users/',
    {
      config: { access: merchantApp(APP.USERS, 'create') },
      schema: { tags, security, body: merchantUserInvite, response: { 201: envelope(merchantUserSchema) } },
    },
    async (req, reply) => {
      const result = await inviteUser(ctx, req.actor, req.body);
      return reply.status(201).send({ status: 'success' as const, result, message: MERCHANT_USER_MESSAGES.invited });
    },
  );

  app.get(
    '/users/:id/',
    {
      config: { access: merchantApp(APP.USERS, 'view') },
      schema: { tags, security, params: idParam, response: { 200: envelope(merchantUserSchema) } },
    },
    async (req) => ({ status: 'success' as const, result: await getUser(ctx, req.actor, req.params.id) }),
  );

  app.patch(
    '/users/:id/',
    {
      config: { access: merchantApp(APP.USERS, 'edit') },
      schema: {
        tags,
        security,
        params: idParam,
        body: merchantUserPatch,
        response: { 200: envelope(merchantUserSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await patchUser(ctx, req.actor, req.params.id, req.body),
      message: MERCHANT_USER_MESSAGES.updated,
    }),
  );

  app.delete(
    '/users/:id/',
    {
      config: { access: merchantApp(APP.USERS, 'delete') },
      schema: { tags, security, params: idParam, response: { 200: messageEnvelope } },
    },
    async (req) => ({ status: 'success' as const, message: await disableUser(ctx, req.actor, req.params.id) }),
  );
}
