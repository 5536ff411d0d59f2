// Industry types (docs/product-rules.md#api-calls, docs/product-rules.md#constants). Every signed-in user may read them: merchants pick
// theirs and the Financing Hub matches partners by industry. Only a platform admin changes them.
import type { Page } from '@kassa/contract/common';
import type {
  IndustryType,
  IndustryTypeBody,
  IndustryTypeListQuery,
  IndustryTypePatch,
} from '@kassa/contract/industry-types';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, conflict, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  countIndustryTypes,
  deleteIndustryType,
  findIndustryTypeRow,
  type IndustryTypeListRow,
  industryTypeUsage,
  insertIndustryType,
  nameTaken,
  selectIndustryType,
  selectIndustryTypePage,
  updateIndustryType,
} from './industry-types.queries.ts';

/** Whether an industry type with this id exists, for the forms that pick one (merchant sign-up). */
export async function industryTypeExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await findIndustryTypeRow(db, id)) !== undefined;
}

const NOT_FOUND = 'Industry type not found.';
const nameConflict = (name: string) => conflict(`An industry type named "${name}" already exists.`);

const toIndustryType = (row: IndustryTypeListRow): IndustryType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  merchant_count: row.merchantCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listIndustryTypes(ctx: AppContext, q: IndustryTypeListQuery): Promise<Page<IndustryType>> {
  const search = q.search || undefined;
  const [rows, count] = await Promise.all([
    selectIndustryTypePage(ctx.db, { search, sort: q.sort_by, limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    countIndustryTypes(ctx.db, search),
  ]);
  return pageOf(q, count, rows.map(toIndustryType));
}

export async function getIndustryType(ctx: AppContext, id: string): Promise<IndustryType> {
  const row = await selectIndustryType(ctx.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toIndustryType(row);
}

export async function createIndustryType(
  ctx: AppContext,
  actor: Actor,
  body: Required<IndustryTypeBody>,
): Promise<IndustryType> {
  requirePlatformAdmin(actor);
  const id = await ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, body.name)) throw nameConflict(body.name);
    const row = await insertIndustryType(tx, body);
    if (!row) throw nameConflict(body.name);
    await recordAudit(tx, {
      actor,
      merchantId: null,
      action: 'industry_type.created',
      entityType: 'industry_type',
      entityId: row.id,
      data: { name: body.name },
    });
    return row.id;
  });
  return getIndustryType(ctx, id);
}

export async function patchIndustryType(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: IndustryTypePatch,
): Promise<IndustryType> {
  requirePlatformAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const existing = await findIndustryTypeRow(tx, id);
    if (!existing) throw notFound(NOT_FOUND);
    if (body.name !== undefined && (await nameTaken(tx, body.name, id))) throw nameConflict(body.name);
    await updateIndustryType(tx, id, { ...body, updatedAt: ctx.clock.now() });
    await recordAudit(tx, {
      actor,
      merchantId: null,
      action: 'industry_type.updated',
      entityType: 'industry_type',
      entityId: id,
      data: { from: { name: existing.name, description: existing.description }, to: body },
    });
  });
  return getIndustryType(ctx, id);
}

/** Refused while a merchant or a financial connection uses it: both keep a foreign key to it. */
export async function removeIndustryType(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requirePlatformAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const existing = await findIndustryTypeRow(tx, id);
    if (!existing) throw notFound(NOT_FOUND);
    const usage = await industryTypeUsage(tx, id);
    if (usage.merchants > 0 || usage.financialConnections > 0) {
      const uses = [
        usage.merchants > 0 ? `${usage.merchants} merchant${usage.merchants === 1 ? '' : 's'}` : null,
        usage.financialConnections > 0
          ? `${usage.financialConnections} financial connection${usage.financialConnections === 1 ? '' : 's'}`
          : null,
      ].filter(Boolean);
      throw businessRule(`"${existing.name}" is used by ${uses.join(' and ')} and cannot be deleted.`);
    }
    await deleteIndustryType(tx, id);
    await recordAudit(tx, {
      actor,
      merchantId: null,
      action: 'industry_type.deleted',
      entityType: 'industry_type',
      entityId: id,
      data: { name: existing.name },
    });
  });
}
