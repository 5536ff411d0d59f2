// Products (docs/ARCHITECTURE.md: app 3 PR). Every call starts with the access check; reads may span a
// master merchant's sub-merchants, writes touch only the caller's own merchant.

import { APP } from '@kassa/contract/access';
import { buyerPagePath } from '@kassa/contract/buyer-pages';
import type { Product, ProductCreate, ProductPatch } from '@kassa/contract/products';
import { isRedirectUrl, MESSAGE_TYPE, REDIRECT_URL_MESSAGE } from '@kassa/contract/products';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { writeAndAnnounce } from '../../lib/cache-invalidation.ts';
import { merchantReads } from '../../lib/merchant-reads.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { requireSubscribablePrice } from '../prices/prices.service.ts';
import {
  findProduct,
  findProductsByIds,
  insertProduct,
  listActiveProductOptions,
  listProducts,
  type ProductRow,
  type ProductUpdate,
  softDeleteProduct,
  updateProduct,
} from './products.queries.ts';

// The catalogue rows invoices and quick payments are built from.

/** The merchant's live products among these ids (deleted ones and other merchants' are left out). */
export const findLiveProducts = (db: DbOrTx, merchantId: string, ids: string[]): Promise<ProductRow[]> =>
  findProductsByIds(db, merchantId, ids);

/** The merchant's active products, as a product picker lists them. */
export const productPickerOptions = (db: DbOrTx, merchantId: string) => listActiveProductOptions(db, merchantId);

export const productCheckoutUrl = (publicUrl: string, id: string) => `${publicUrl}${buyerPagePath('product', id)}`;

export function toProduct(ctx: AppContext, row: ProductRow): Product {
  return {
    id: row.id,
    merchant_id: row.merchantId,
    name: row.name,
    description: row.description,
    price_per_unit: row.pricePerUnit,
    currency: row.currency,
    image: row.image,
    message_type: row.messageType,
    message: row.message,
    comment: row.comment,
    is_active: row.isActive,
    recurring_price_id: row.recurringPriceId,
    checkout_url: productCheckoutUrl(ctx.config.publicUrl, row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const reads = merchantReads(APP.PRODUCTS, { list: listProducts, find: findProduct }, toProduct, 'Product not found.');
export const listMerchantProducts = reads.list;
export const getMerchantProduct = reads.get;

export async function createProduct(ctx: AppContext, actor: Actor, body: ProductCreate) {
  const { merchantId } = requireMerchantAccess(actor, APP.PRODUCTS, 'create');
  if (body.recurring_price_id) await requireSubscribablePrice(ctx.db, merchantId, body.recurring_price_id);
  const row = await insertProduct(ctx.db, {
    merchantId,
    name: body.name,
    description: body.description ?? '',
    pricePerUnit: body.price_per_unit,
    currency: body.currency,
    image: body.image ?? null,
    messageType: body.message_type ?? MESSAGE_TYPE.MESSAGE,
    message: body.message ?? '',
    comment: await sanitizeRichText(body.comment),
    isActive: body.is_active ?? true,
    recurringPriceId: body.recurring_price_id ?? null,
  });
  return toProduct(ctx, row);
}

export async function patchProduct(ctx: AppContext, actor: Actor, id: string, body: ProductPatch) {
  const { merchantId } = requireMerchantAccess(actor, APP.PRODUCTS, 'edit');
  const current = await findProduct(ctx.db, [merchantId], id);
  if (!current) throw notFound('Product not found.');
  // The pair is checked on the merged result: switching to a redirect with the old message text fails.
  const messageType = body.message_type ?? current.messageType;
  const message = body.message ?? current.message;
  if (messageType === MESSAGE_TYPE.REDIRECT && !isRedirectUrl(message)) throw invalid('message', REDIRECT_URL_MESSAGE);
  if (body.recurring_price_id) await requireSubscribablePrice(ctx.db, merchantId, body.recurring_price_id);
  const values: ProductUpdate = {
    name: body.name,
    description: body.description,
    pricePerUnit: body.price_per_unit,
    currency: body.currency,
    image: body.image,
    messageType: body.message_type,
    message: body.message,
    comment: body.comment === undefined ? undefined : await sanitizeRichText(body.comment),
    isActive: body.is_active,
    recurringPriceId: body.recurring_price_id,
  };
  const row = await writeAndAnnounce(ctx, { kind: 'product', id }, (tx) =>
    updateProduct(tx, merchantId, id, values, ctx.clock.now()),
  );
  if (!row) throw notFound('Product not found.');
  return toProduct(ctx, row);
}

export async function deleteProduct(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.PRODUCTS, 'delete');
  const deleted = await writeAndAnnounce(ctx, { kind: 'product', id }, (tx) =>
    softDeleteProduct(tx, merchantId, id, ctx.clock.now()),
  );
  if (!deleted) throw notFound('Product not found.');
}
