// GET/POST /quick-payment/, GET/PATCH/DELETE /quick-payment/{id}/, GET /quick-payment/products/
// (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md). The public checkout-details and checkout-token calls live in checkout.
import { APP } from '@kassa/contract/access';
import { envelope } from '@kassa/contract/common';
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
import { bearer, resourceRoutes } from '../../lib/resource-routes.ts';
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
  const tags = ['quick-payments'];
  const quickPayments = resourceRoutes(base, '/quick-payment/', tags);
  const read = { access: merchantApp(APP.QUICK_PAYMENTS, 'view'), scope: 'payment_links:read' } as const;
  const write = (need: 'create' | 'edit' | 'delete') =>
    ({ access: merchantApp(APP.QUICK_PAYMENTS, need), scope: 'payment_links:write' }) as const;
  const item = quickPaymentSchema;

  quickPayments.list(read, { query: quickPaymentListQuery, item }, (actor, query) =>
    listMerchantQuickPayments(ctx, actor, query),
  );

  base
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/quick-payment/products/',
      { config: read, schema: { tags, security: bearer, response: { 200: envelope(z.array(productOption)) } } },
      async (req) => ({ status: 'success' as const, result: await quickPaymentProductOptions(ctx, req.actor) }),
    );

  quickPayments.create(
    write('create'),
    { body: quickPaymentCreate, item },
    (actor, body) => createQuickPayment(ctx, actor, body),
    'Quick payment created.',
  );
  quickPayments.read(read, { query: merchantReadQuery, item }, (actor, id, query) =>
    getMerchantQuickPayment(ctx, actor, id, query.merchant_id),
  );
  quickPayments.update(
    'patch',
    write('edit'),
    { body: quickPaymentPatch, item },
    (actor, id, body) => patchQuickPayment(ctx, actor, id, body),
    'Quick payment updated.',
  );
  quickPayments.remove(write('delete'), (actor, id) =>
    deleteQuickPayment(ctx, actor, id).then(() => 'Quick payment deleted.'),
  );
}
