// Reading what merchants own — one page of a kind, or one item — the same way for every kind: the
// caller's own merchant, or with `merchant_id` a sub-merchant or all of them (requireMerchantRead).
// Another merchant's item is not found, like a missing one.
import type { AppKey } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { requireMerchantRead } from './access.ts';
import type { Actor } from './actor.ts';
import { notFound } from './app-error.ts';
import { type ListRequest, pageOf } from './db/list.ts';

export interface MerchantItems<Row> {
  list: (db: DbOrTx, merchantIds: string[], q: ListRequest) => Promise<{ rows: Row[]; count: number }>;
  find: (db: DbOrTx, merchantIds: string[], id: string) => Promise<Row | undefined>;
}

export function merchantReads<Row, View>(
  app: AppKey,
  items: MerchantItems<Row>,
  view: (ctx: AppContext, row: Row) => View,
  notFoundMessage: string,
) {
  return {
    async list(ctx: AppContext, actor: Actor, q: ListRequest & { merchant_id?: string }): Promise<Page<View>> {
      const scope = await requireMerchantRead(ctx, actor, app, q.merchant_id);
      const { rows, count } = await items.list(ctx.db, scope.merchantIds, q);
      return pageOf(
        q,
        count,
        rows.map((row) => view(ctx, row)),
      );
    },

    async get(ctx: AppContext, actor: Actor, id: string, merchantId?: string): Promise<View> {
      const scope = await requireMerchantRead(ctx, actor, app, merchantId);
      const row = await items.find(ctx.db, scope.merchantIds, id);
      if (!row) throw notFound(notFoundMessage);
      return view(ctx, row);
    },
  };
}
