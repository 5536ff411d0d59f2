// GET/POST /price/, GET/PATCH /price/{id}/ (docs/ARCHITECTURE.md: conventional CRUD). A price is never
// deleted: subscriptions and their invoices point at it, so PATCH `active: false` archives it.

import { APP } from '@kassa/contract/access';
import { PRICE_MESSAGES, priceCreate, priceListQuery, pricePatch, priceSchema } from '@kassa/contract/prices';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { createPrice, getMerchantPrice, listMerchantPrices, setPriceActive } from './prices.service.ts';

export default async function priceRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const prices = resourceRoutes(base, '/price/', ['prices']);
  const read = { access: merchantApp(APP.PRODUCTS, 'view'), scope: 'prices:read' } as const;
  const write = (need: 'create' | 'edit') =>
    ({ access: merchantApp(APP.PRODUCTS, need), scope: 'prices:write' }) as const;

  prices.list(
    read,
    { query: priceListQuery, item: priceSchema, summary: 'List prices (by product, active, recurring)' },
    (actor, q) => listMerchantPrices(ctx, actor, q),
  );
  prices.create(
    write('create'),
    { body: priceCreate, item: priceSchema, summary: 'Create a one-off or recurring price of a product' },
    (actor, body) => createPrice(ctx, actor, body),
    PRICE_MESSAGES.created,
  );
  prices.read(read, { item: priceSchema, summary: 'Read a price' }, (actor, id) => getMerchantPrice(ctx, actor, id));
  prices.update(
    'patch',
    write('edit'),
    { body: pricePatch, item: priceSchema, summary: 'Archive a price (active: false) or make it active again' },
    (actor, id, body) => setPriceActive(ctx, actor, id, body.active),
    PRICE_MESSAGES.updated,
  );
}
