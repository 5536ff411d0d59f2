// GET/POST /developers/api-keys/, DELETE /developers/api-keys/{id}/, POST …/{id}/roll/. Managed by
// the merchant's owner and staff in a full session; no route here declares an API key scope, so a
// key never lists, makes or rolls keys.
import { envelope, idParam } from '@kassa/contract/common';
import { apiKeyCreateBody, apiKeyList, apiKeyRollBody, apiKeyWithSecret } from '@kassa/contract/developers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { developerSettings } from '../../lib/route-access.ts';
import { createApiKey, deleteApiKey, listApiKeys, rollApiKey } from './api-keys.service.ts';

export default async function apiKeyRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['developers'];
  const security = [{ bearer: [] }];

  app.get(
    '/developers/api-keys/',
    {
      config: { access: developerSettings },
      schema: { tags, security, response: { 200: envelope(apiKeyList) } },
    },
    async (req) => ({ status: 'success' as const, result: { results: await listApiKeys(ctx, req.actor) } }),
  );

  const keys = resourceRoutes(base, '/developers/api-keys/', tags);
  keys.create(
    { access: developerSettings },
    { body: apiKeyCreateBody, item: apiKeyWithSecret },
    (actor, body) => createApiKey(ctx, actor, body),
    'API key created. Copy the secret now: it will not be shown again.',
  );

  app.post(
    '/developers/api-keys/:id/roll/',
    {
      config: { access: developerSettings },
      schema: { tags, security, params: idParam, body: apiKeyRollBody, response: { 200: envelope(apiKeyWithSecret) } },
    },
    async (req) => ({
      status: 'success' as const,
      result: await rollApiKey(ctx, req.actor, req.params.id, req.body),
      message: 'API key rolled. Copy the new secret now: it will not be shown again.',
    }),
  );

  keys.remove({ access: developerSettings }, (actor, id) =>
    deleteApiKey(ctx, actor, id).then(() => 'API key deleted. Requests with it are refused from now on.'),
  );
}
