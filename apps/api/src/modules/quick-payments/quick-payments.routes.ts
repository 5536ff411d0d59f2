// GET/POST /quick-payment/, GET/PATCH/DELETE /quick-payment/{id}/, GET /quick-payment/products/
// (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md). The public checkout-details and checkout-token calls live in checkout.
import { APP } from '@kassa/contract/access';
import { envelope, idParam, messageEnvelope, page } from '@kassa/contract/common';
import { merchantReadQuery, productOption } from '@kassa/contract/products';
import {
  quickPaymentCreate,
  quickPaymentListQuery,
  quickPaymentPatch,
  quickPaymentSchema,
} from '@kassa/contract/quick-payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  createQuickPayment,
  deleteQuickPayment,
  getMerchantQuickPayment,
  listMerchantQuickPayments,
  patchQuickPayment,
  quickPaymentProductOptions,
} from './quick-payments.service.ts';

export default async function quickPaymentRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['quick-payments'];
  const security = [{ bearer: [] }];

  app.get(
    '/quick-payment/',
    {
      config: { access: merchantApp(APP.QUICK_PAYMENTS, 'view'), scope: 'payment_links:read' },
      schema: {
        tags,
        security,
        querystring: quickPaymentListQuery,
        response: { 200: envelope(page(quickPaymentSchema)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await listMerchantQuickPayments(ctx, req.actor, req.query) }),
  );

  app.get(
    '/quick-payment/products/',
    {
      config: { access: merchantApp(APP.QUICK_PAYMENTS, 'view'), scope: 'payment_links:read' },
      schema: { tags, security, response: { 200: envelope(z.array(productOption)) } },
    },
    async (req) => ({ status: 'success' as const, result: await quickPaymentProductOptions(ctx, req.actor) }),
  );

  app.post(
    '/quick-payment/',
    {
      config: { access: merchantApp(APP.QUICK_PAYMENTS, 'create'), scope: 'payment_links:write' },
      schema: { tags, security, body: quickPaymentCreate, response: { 201: envelope(quickPaymentSchema) } },
    },
    async (req, reply) => {
      const result = await createQuickPayment(ctx, req.actor, req.body);
      return reply.status(201).send({ status: 'success' as const, result, message: 'Quick payment created.' });
    },
  );

  app.get(
    '/quick-payment/:id/',
    {
      config: { access: merchantApp(APP.QUICK_PAYMENTS, 'view'), scope: 'payment_links:read' },
      schema: {
        tags,
        security,
        params: idParam,
        querystring: merchantReadQuery,
        response: { 200: envelope(quickPaymentSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await getMerchantQuickPayment(ctx, req.actor, req.params.id, req.query.merchant_id),
    }),
  );

  app.patch(
    '/quick-payment/:id/',
    {
      config: { access: merchantApp(APP.QUICK_PAYMENTS, 'edit'), scope: 'payment_links:write' },
      schema: {
        tags,
        security,
        params: idParam,
        body: quickPaymentPatch,
        response: { 200: envelope(quickPaymentSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await patchQuickPayment(ctx, req.actor, req.params.id, req.body),
      message: 'Quick payment updated.',
    }),
  );

  app.delete(
    '/quick-payment/:id/',
    {
      config: { access: merchantApp(APP.QUICK_PAYMENTS, 'delete'), scope: 'payment_links:write' },
      schema: { tags, security, params: idParam, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await deleteQuickPayment(ctx, req.actor, req.params.id);
      return { status: 'success' as const, message: 'Quick payment deleted.' };
    },
  );
}
