// Prices: a product's one-off and recurring amounts. Governed by the Products app (a price is part of
// what a product costs); mode as customers keep it: an API key sees and makes only its own mode's, a
// portal user follows the Test mode switch (customers.service.ts).
import { APP } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import { PRICE_MESSAGES, type Price, type PriceCreate, type PriceListQuery } from '@kassa/contract/prices';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLiveProducts } from '../products/products.service.ts';
import {
  findPrice,
  findPriceById,
  findProductName,
  insertPrice,
  listPrices,
  type PriceRow,
  type PriceScope,
  setPriceArchived,
} from './prices.queries.ts';

export type { PriceRow };

export const toPrice = (row: PriceRow): Price => ({
  id: row.id,
  merchant_id: row.merchantId,
  product_id: row.productId,
  mode: row.mode,
  amount: row.amount,
  currency: row.currency,
  interval: row.interval,
  interval_count: row.intervalCount,
  trial_days: row.trialDays,
  active: row.archivedAt === null,
  archived_at: row.archivedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function priceScope(actor: Actor, need: 'view' | 'create' | 'edit'): PriceScope {
  const { merchantId } = requireMerchantAccess(actor, APP.PRODUCTS, need);
  return { merchantId, mode: actor.apiKey?.mode };
}

const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

export async function listMerchantPrices(ctx: AppContext, actor: Actor, q: PriceListQuery): Promise<Page<Price>> {
  const scope = priceScope(actor, 'view');
  const { rows, count } = await listPrices(ctx.db, scope, {
    ...q,
    productId: q.product_id,
    active: flag(q.active),
    recurring: flag(q.recurring),
  });
  return pageOf(q, count, rows.map(toPrice));
}

export async function getMerchantPrice(ctx: AppContext, actor: Actor, id: string): Promise<Price> {
  const row = await findPrice(ctx.db, priceScope(actor, 'view'), id);
  if (!row) throw notFound(PRICE_MESSAGES.notFound);
  return toPrice(row);
}

export async function createPrice(ctx: AppContext, actor: Actor, body: PriceCreate): Promise<Price> {
  const scope = priceScope(actor, 'create');
  const mode = scope.mode ?? body.mode;
  if (!mode) throw invalid('mode', 'Choose test or live.');
  if (scope.mode && body.mode && body.mode !== scope.mode) {
    throw invalid('mode', `This API key makes ${scope.mode} prices only.`);
  }
  const [product] = await findLiveProducts(ctx.db, scope.merchantId, [body.product_id]);
  if (!product) throw invalid('product_id', PRICE_MESSAGES.productNotFound);
  return ctx.db.transaction(async (db) => {
    const row = await insertPrice(db, {
      merchantId: scope.merchantId,
      productId: product.id,
      mode,
      amount: body.amount,
      currency: body.currency,
      interval: body.interval,
      intervalCount: body.interval === null ? 1 : body.interval_count,
      trialDays: body.trial_days,
    });
    await recordAudit(db, {
      actor,
      merchantId: scope.merchantId,
      action: 'price.created',
      entityType: 'price',
      entityId: row.id,
      data: { mode, amount: row.amount, currency: row.currency, interval: row.interval },
    });
    return toPrice(row);
  });
}

/** Archives (active: false) or brings back a price; subscriptions already on it keep renewing. */
export async function setPriceActive(ctx: AppContext, actor: Actor, id: string, active: boolean): Promise<Price> {
  const scope = priceScope(actor, 'edit');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const row = await setPriceArchived(db, scope, id, active ? null : now, now);
    if (!row) throw notFound(PRICE_MESSAGES.notFound);
    await recordAudit(db, {
      actor,
      merchantId: scope.merchantId,
      action: active ? 'price.restored' : 'price.archived',
      entityType: 'price',
      entityId: row.id,
      data: { mode: row.mode },
    });
    return toPrice(row);
  });
}

/** A price by id for a module that already checked the caller's merchant (subscriptions). */
export async function findMerchantPrice(db: DbOrTx, merchantId: string, id: string) {
  const row = await findPriceById(db, id);
  return row && row.merchantId === merchantId ? row : undefined;
}

/** A price by id, whoever's: the renewal job reads the price a subscription follows. */
export const findPriceRow = (db: DbOrTx, id: string) => findPriceById(db, id);

/** The name of the product a price belongs to: the line an invoice shows. */
export const productNameOf = (db: DbOrTx, price: PriceRow) => findProductName(db, price.productId);

/**
 * The price a product or payment link may carry for its checkout to subscribe: this merchant's,
 * recurring and not archived (docs/product-rules.md#subscribing-at-checkout). Another merchant's id is
 * answered like a missing one.
 */
export async function requireSubscribablePrice(db: DbOrTx, merchantId: string, priceId: string) {
  const price = await findMerchantPrice(db, merchantId, priceId);
  if (!price) throw invalid('recurring_price_id', PRICE_MESSAGES.notFound);
  if (price.interval === null) throw invalid('recurring_price_id', 'Choose a recurring price, not a one-off one.');
  if (price.archivedAt) throw invalid('recurring_price_id', 'This price is archived; choose an active one.');
  return price;
}
