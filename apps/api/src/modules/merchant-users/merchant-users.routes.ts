// GET/POST /users/, GET/PATCH/DELETE /users/{id}/ (docs/ARCHITECTURE.md) for a merchant's own users.
// Per-user app access is GET|PUT /auth/access/{id}/ (users module).
import { APP } from '@kassa/contract/access';
import {
  MERCHANT_USER_MESSAGES,
  merchantUserInvite,
  merchantUserListQuery,
  merchantUserPatch,
  merchantUserSchema,
} from '@kassa/contract/merchant-users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { disableUser, getUser, inviteUser, listUsers, patchUser } from './merchant-users.service.ts';

export default async function merchantUserRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const users = resourceRoutes(base, '/users/', ['users']);
  const allowed = (need: 'view' | 'create' | 'edit' | 'delete') => ({ access: merchantApp(APP.USERS, need) });
  const item = merchantUserSchema;

  users.list(allowed('view'), { query: merchantUserListQuery, item }, (actor, query) => listUsers(ctx, actor, query));
  users.create(
    allowed('create'),
    { body: merchantUserInvite, item },
    (actor, body) => inviteUser(ctx, actor, body),
    MERCHANT_USER_MESSAGES.invited,
  );
  users.read(allowed('view'), { item }, (actor, id) => getUser(ctx, actor, id));
  users.update(
    'patch',
    allowed('edit'),
    { body: merchantUserPatch, item },
    (actor, id, body) => patchUser(ctx, actor, id, body),
    MERCHANT_USER_MESSAGES.updated,
  );
  users.remove(allowed('delete'), (actor, id) => disableUser(ctx, actor, id));
}
