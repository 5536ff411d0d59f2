// Financing Hub (docs/product-rules.md#api-calls): admin partners under /admin/merchant/financial-connection/, the merchant's
// partners and SSO under /connection/, and the public GET /auth/verify-hmac/ partners call.
import { APP } from '@kassa/contract/access';
import { envelope, idParam, messageEnvelope, page } from '@kassa/contract/common';
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
    const adminPath = '/admin/merchant/financial-connection/';

    app.get(
      adminPath,
      {
        config: { access: platformAdmin },
        schema: {
          tags,
          security,
          querystring: financialConnectionQuery,
          response: { 200: envelope(page(financialConnectionView)) },
        },
      },
      async (req) => ({
        status: 'success' as const,
        result: await listFinancialConnections(ctx, req.actor, req.query),
      }),
    );

    app.post(
      adminPath,
      {
        config: { access: platformAdmin },
        schema: {
          tags,
          security,
          body: createFinancialConnectionBody,
          response: { 201: envelope(financialConnectionView) },
        },
      },
      async (req, reply) => {
        const result = await createFinancialConnection(ctx, req.actor, req.body);
        return reply.status(201).send({ status: 'success' as const, result, message: 'Financial connection created.' });
      },
    );

    app.put(
      `${adminPath}:id/`,
      {
        config: { access: platformAdmin },
        schema: {
          tags,
          security,
          params: idParam,
          body: updateFinancialConnectionBody,
          response: { 200: envelope(financialConnectionView) },
        },
      },
      async (req) => ({
        status: 'success' as const,
        result: await updateFinancialConnectionById(ctx, req.actor, req.params.id, req.body),
        message: 'Financial connection updated.',
      }),
    );

    app.delete(
      `${adminPath}:id/`,
      {
        config: { access: platformAdmin },
        schema: { tags, security, params: idParam, response: { 200: messageEnvelope } },
      },
      async (req) => {
        await removeFinancialConnection(ctx, req.actor, req.params.id);
        return { status: 'success' as const, message: 'Financial connection deleted.' };
      },
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
