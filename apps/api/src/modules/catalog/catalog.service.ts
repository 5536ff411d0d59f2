// The admin catalog (docs/ARCHITECTURE.md): read by role 1 or role 4 with view_catalog;
// activate / deactivate by role 1 only. A deactivated product's checkout says it is unavailable.
import type { CatalogItem, CatalogListQuery } from '@kassa/contract/catalog';
import type { Page } from '@kassa/contract/common';
import type { AppContext } from '../../context.ts';
import { requireAdmin, requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { writeAndAnnounce } from '../../lib/cache-invalidation.ts';
import { pageOf } from '../../lib/db/list.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type CatalogRow,
  countCatalog,
  findCatalogProduct,
  selectCatalogPage,
  setProductActive,
} from './catalog.queries.ts';

const toCatalogItem = (r: CatalogRow): CatalogItem => ({
  id: r.id,
  name: r.name,
  merchant_id: r.merchantId,
  merchant_name: r.merchantName,
  price_per_unit: r.pricePerUnit,
  currency: r.currency,
  image: r.image,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
});

export async function listCatalog(ctx: AppContext, actor: Actor, q: CatalogListQuery): Promise<Page<CatalogItem>> {
  requireAdmin(actor, 'view_catalog');
  const filters = { merchantId: q.merchant_id, isActive: q.is_active, search: q.search || undefined };
  const [rows, count] = await Promise.all([
    selectCatalogPage(ctx.db, filters, q.sort_by, q.page_size, (q.page - 1) * q.page_size),
    countCatalog(ctx.db, filters),
  ]);
  return pageOf(q, count, rows.map(toCatalogItem));
}

export async function setCatalogProductActive(
  ctx: AppContext,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<{ item: CatalogItem; message: string }> {
  requirePlatformAdmin(actor);
  // A deactivated product's checkout page says so on every process at once.
  await writeAndAnnounce(ctx, { kind: 'product', id }, async (tx) => {
    const product = await findCatalogProduct(tx, id);
    if (!product) throw notFound('Product not found.');
    if (product.isActive === isActive) return;
    await setProductActive(tx, id, isActive, ctx.clock.now());
    await recordAudit(tx, {
      actor,
      merchantId: product.merchantId,
      action: isActive ? 'product.activated' : 'product.deactivated',
      entityType: 'product',
      entityId: id,
      data: { name: product.name },
    });
  });
  const product = await findCatalogProduct(ctx.db, id);
  return {
    item: toCatalogItem(product!),
    message: isActive ? `${product!.name} is active.` : `${product!.name} is deactivated.`,
  };
}
