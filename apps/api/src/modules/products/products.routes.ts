// GET/POST /product/, GET/PATCH/DELETE /product/{id}/ (docs/ARCHITECTURE.md: conventional CRUD).
import { APP } from '@kassa/contract/access';
import {
  merchantReadQuery,
  productCreate,
  productListQuery,
  productPatch,
  productSchema,
} from '@kassa/contract/products';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  createProduct,
  deleteProduct,
  getMerchantProduct,
  listMerchantProducts,
  patchProduct,
} from './products.service.ts';

export default async function productRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const products = resourceRoutes(base, '/product/', ['products']);
  const read = { access: merchantApp(APP.PRODUCTS, 'view'), scope: 'products:read' } as const;
  const write = (need: 'create' | 'edit' | 'delete') =>
    ({ access: merchantApp(APP.PRODUCTS, need), scope: 'products:write' }) as const;

  products.list(read, { query: productListQuery, item: productSchema }, (actor, query) =>
    listMerchantProducts(ctx, actor, query),
  );
  products.create(
    write('create'),
    { body: productCreate, item: productSchema },
    (actor, body) => createProduct(ctx, actor, body),
    'Product created.',
  );
  products.read(read, { query: merchantReadQuery, item: productSchema }, (actor, id, query) =>
    getMerchantProduct(ctx, actor, id, query.merchant_id),
  );
  products.update(
    'patch',
    write('edit'),
    { body: productPatch, item: productSchema },
    (actor, id, body) => patchProduct(ctx, actor, id, body),
    'Product updated.',
  );
  products.remove(write('delete'), (actor, id) => deleteProduct(ctx, actor, id).then(() => 'Product deleted.'));
}
