// GET/POST /product/, GET/PATCH/DELETE /product/{id}/ (docs/ARCHITECTURE.md: conventional CRUD).
import { APP } from '@kassa/contract/access';
import { envelope, idParam, messageEnvelope, page } from '@kassa/contract/common';
import {
  merchantReadQuery,
  productCreate,
  productListQuery,
  productPatch,
  productSchema,
} from '@kassa/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  createProduct,
  deleteProduct,
  getMerchantProduct,
  listMerchantProducts,
  patchProduct,
} from './products.service.ts';

export default async function productRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  const security = [{ bearer: [] }];

  app.get(
    '/product/',
    {
      config: { access: merchantApp(APP.PRODUCTS, 'view'), scope: 'products:read' },
      schema: { tags, security, querystring: productListQuery, response: { 200: envelope(page(productSchema)) } },
    },
    async (req) => ({ status: 'success' as const, result: await listMerchantProducts(ctx, req.actor, req.query) }),
  );

  app.post(
    '/product/',
    {
      config: { access: merchantApp(APP.PRODUCTS, 'create'), scope: 'products:write' },
      schema: { tags, security, body: productCreate, response: { 201: envelope(productSchema) } },
    },
    async (req, reply) => {
      const result = await createProduct(ctx, req.actor, req.body);
      return reply.status(201).send({ status: 'success' as const, result, message: 'Product created.' });
    },
  );

  app.get(
    '/product/:id/',
    {
      config: { access: merchantApp(APP.PRODUCTS, 'view'), scope: 'products:read' },
      schema: {
        tags,
        security,
        params: idParam,
        querystring: merchantReadQuery,
        response: { 200: envelope(productSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await getMerchantProduct(ctx, req.actor, req.params.id, req.query.merchant_id),
    }),
  );

  app.patch(
    '/product/:id/',
    {
      config: { access: merchantApp(APP.PRODUCTS, 'edit'), scope: 'products:write' },
      schema: { tags, security, params: idParam, body: productPatch, response: { 200: envelope(productSchema) } },
    },
    async (req) => ({
      status: 'success' as const,
      result: await patchProduct(ctx, req.actor, req.params.id, req.body),
      message: 'Product updated.',
    }),
  );

  app.delete(
    '/product/:id/',
    {
      config: { access: merchantApp(APP.PRODUCTS, 'delete'), scope: 'products:write' },
      schema: { tags, security, params: idParam, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await deleteProduct(ctx, req.actor, req.params.id);
      return { status: 'success' as const, message: 'Product deleted.' };
    },
  );
}
