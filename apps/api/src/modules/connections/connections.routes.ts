// Payment connections (docs/ARCHITECTURE.md): GET /connection/providers/, GET|POST
// /connection/merchant-connection/, GET|PATCH|DELETE /connection/merchant-connection/{id}/ and
// POST /connection/verify-connection-credentials/ (docs/product-rules.md#api-calls).
import { APP } from '@kassa/contract/access';
import { envelope } from '@kassa/contract/common';
import {
  connectionListQuery,
  connectionView,
  createConnectionBody,
  providerInfo,
  providersQuery,
  updateConnectionBody,
  verifyCredentialsBody,
  verifyCredentialsResult,
} from '@kassa/contract/connections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp, signedIn } from '../../lib/route-access.ts';
import { PROVIDERS, providersOfKind } from '../../payments/registry.ts';
import {
  assertConnectionsAllowed,
  createConnection,
  getConnection,
  listConnections,
  removeConnection,
  updateConnection,
} from './connections.service.ts';
import { verifyConnectionCredentials } from './verify-credentials.service.ts';

export default async function connectionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment connections'];
  const security = [{ bearer: [] }];

  app.get(
    '/connection/providers/',
    {
      config: { access: signedIn },
      schema: { tags, security, querystring: providersQuery, response: { 200: envelope(z.array(providerInfo)) } },
    },
    async (req) => ({
      status: 'success' as const,
      // The registry is data (payments/registry.ts): built-in sandbox providers lead each kind.
      result: (req.query.kind ? providersOfKind(req.query.kind) : PROVIDERS).map((p) => ({
        kind: p.kind,
        id: p.id,
        display_name: p.displayName,
        description: p.description,
        is_sandbox: p.isSandbox,
        credential_fields: p.credentialFields.map((f) => ({ ...f, placeholder: f.placeholder ?? null })),
      })),
    }),
  );

  app.get(
    '/connection/merchant-connection/',
    {
      config: { access: merchantApp(APP.PAYMENT_CONNECTIONS, 'view') },
      schema: {
        tags,
        security,
        querystring: connectionListQuery,
        response: { 200: envelope(z.array(connectionView)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listConnections(ctx, req.actor, req.query.kind) }),
  );

  app.post(
    '/connection/merchant-connection/',
    {
      config: {
        access: async (actor) => {
          const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'create');
          await assertConnectionsAllowed(ctx, merchantId);
        },
      },
      schema: { tags, security, body: createConnectionBody, response: { 201: envelope(connectionView) } },
    },
    async (req, reply) => {
      const result = await createConnection(ctx, req.actor, req.body);
      return reply.status(201).send({ status: 'success' as const, result, message: 'Connection saved.' });
    },
  );

  const connections = resourceRoutes(base, '/connection/merchant-connection/', tags);
  const item = connectionView;
  connections.read({ access: merchantApp(APP.PAYMENT_CONNECTIONS, 'view') }, { item }, (actor, id) =>
    getConnection(ctx, actor, id),
  );
  connections.update(
    'patch',
    { access: merchantApp(APP.PAYMENT_CONNECTIONS, 'edit') },
    { body: updateConnectionBody, item },
    (actor, id, body) => updateConnection(ctx, actor, id, body),
    'Connection saved.',
  );
  connections.remove({ access: merchantApp(APP.PAYMENT_CONNECTIONS, 'delete') }, (actor, id) =>
    removeConnection(ctx, actor, id).then(() => 'Connection deleted.'),
  );

  app.post(
    '/connection/verify-connection-credentials/',
    {
      config: {
        access: merchantApp(APP.PAYMENT_CONNECTIONS, 'create', 'edit'),
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
      schema: { tags, security, body: verifyCredentialsBody, response: { 200: envelope(verifyCredentialsResult) } },
    },
    async (req) => ({ status: 'success' as const, ...(await verifyConnectionCredentials(ctx, req.actor, req.body)) }),
  );
}
