// Financing Hub (docs/product-rules.md#api-calls): admin partners under /admin/merchant/financial-connection/, the merchant's
// partners and SSO under /connection/, and the public GET /auth/verify-hmac/ partners call.
import { APP } from '@kassa/contract/access';
import { envelope } from '@kassa/contract/common';
import {
  createFinancialConnectionBody,
  financialConnectionQuery,
  financialConnectionView,
  financialPartner,
  SIGNATURE_HEADERS,
  ssoLoginBody,
  ssoLoginResult,
  updateFinancialConnectionBody,
  verifyHmacResult,
} from '@kassa/contract/financing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp, platformAdmin } from '../../lib/route-access.ts';
import {
  createFinancialConnection,
  listFinancialConnections,
  removeFinancialConnection,
  updateFinancialConnectionById,
} from './financial-connections.service.ts';
import { listFinancialPartners, ssoLogin } from './partner-sso.service.ts';
import { verifySignedPartnerRequest } from './verify-hmac.service.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function financingRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const tags = ['financing hub'];

  // Public: the partner's signature is the credential.
  base.withTypeProvider<ZodTypeProvider>().get(
    '/auth/verify-hmac/',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, response: { 200: envelope(verifyHmacResult) } },
    },
    async (req) => ({
      status: 'success' as const,
      result: await verifySignedPartnerRequest(ctx, {
        partner: header(req.headers[SIGNATURE_HEADERS.partner]),
        timestamp: header(req.headers[SIGNATURE_HEADERS.timestamp]),
        signature: header(req.headers[SIGNATURE_HEADERS.signature]),
      }),
      message: 'Signature verified.',
    }),
  );

  await base.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    const admin = { access: platformAdmin };
    const item = financialConnectionView;
    const adminConnections = resourceRoutes(scope, '/admin/merchant/financial-connection/', tags);
    adminConnections.list(admin, { query: financialConnectionQuery, item }, (actor, query) =>
      listFinancialConnections(ctx, actor, query),
    );
    adminConnections.create(
      admin,
      { body: createFinancialConnectionBody, item },
      (actor, body) => createFinancialConnection(ctx, actor, body),
      'Financial connection created.',
    );
    adminConnections.update(
      'put',
      admin,
      { body: updateFinancialConnectionBody, item },
      (actor, id, body) => updateFinancialConnectionById(ctx, actor, id, body),
      'Financial connection updated.',
    );
    adminConnections.remove(admin, (actor, id) =>
      removeFinancialConnection(ctx, actor, id).then(() => 'Financial connection deleted.'),
    );

    app.get(
      '/connection/financial-partners/',
      {
        config: { access: merchantApp(APP.FINANCING_CONNECTIONS, 'view') },
        schema: { tags, security, response: { 200: envelope(z.array(financialPartner)) } },
      },
      async (req) => ({ status: 'success' as const, result: await listFinancialPartners(ctx, req.actor) }),
    );

    app.post(
      '/connection/sso-login/',
      {
        config: {
          access: merchantApp(APP.FINANCING_CONNECTIONS, 'view'),
          rateLimit: { max: 20, timeWindow: '1 minute' },
        },
        schema: { tags, security, body: ssoLoginBody, response: { 200: envelope(ssoLoginResult) } },
      },
      async (req) => ({ status: 'success' as const, result: await ssoLogin(ctx, req.actor, req.body.connection_id) }),
    );
  });
}
