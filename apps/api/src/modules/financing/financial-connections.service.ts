// Admin CRUD of financing partners (docs/product-rules.md#api-calls /admin/merchant/financial-connection/; docs/ARCHITECTURE.md
// "Financing Hub"). Platform admins only (role 1): a partner's SSO URL and shared secret decide where
// merchants' identities are sent. The shared secret is sealed at rest, shown masked, and replaced only
// when an update sends a new one.
import type { Page } from '@kassa/contract/common';
import type {
  CreateFinancialConnectionBody,
  FinancialConnectionQuery,
  FinancialConnectionView,
  UpdateFinancialConnectionBody,
} from '@kassa/contract/financing';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { type Keys, open, seal } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  countFinancialConnections,
  deleteFinancialConnection,
  existingIndustryTypeIds,
  type FinancialConnectionRow,
  findFinancialConnection,
  insertFinancialConnection,
  lockStaleSharedSecrets,
  replaceIndustries,
  selectFinancialConnectionPage,
  selectIndustriesOf,
  setSharedSecret,
  updateFinancialConnection,
} from './financial-connections.queries.ts';

const secretAad = (id: string) => `financial-connection|${id}|shared_secret`;
export const sealSharedSecret = (keys: Keys, id: string, secret: string) => seal(keys, secret, secretAad(id));
export const openSharedSecret = (keys: Keys, id: string, sealed: string) => open(keys, sealed, secretAad(id));

/**
 * The financing module's part of a key rotation (docs/decisions/0012-key-rotation.md): partners' shared
 * secrets re-sealed under the current key version, in the caller's transaction. Returns how many were;
 * one that does not open is left as it is and added to `unreadable`.
 */
export async function resealPartnerSecrets(db: DbOrTx, keys: Keys, unreadable: string[]): Promise<number> {
  let count = 0;
  for (const row of await lockStaleSharedSecrets(db, keys.currentVersion)) {
    let resealed: string;
    try {
      resealed = sealSharedSecret(keys, row.id, openSharedSecret(keys, row.id, row.sharedSecret));
    } catch {
      unreadable.push(`financial_connections/${row.id}`);
      continue;
    }
    await setSharedSecret(db, row.id, resealed, keys.currentVersion);
    count += 1;
  }
  return count;
}

const maskedSecret = (keys: Keys, row: FinancialConnectionRow) => {
  try {
    return `••••••••${openSharedSecret(keys, row.id, row.sharedSecret).slice(-4)}`;
  } catch {
    return 'unreadable — enter it again';
  }
};

async function toViews(
  ctx: AppContext,
  db: DbOrTx,
  rows: FinancialConnectionRow[],
): Promise<FinancialConnectionView[]> {
  const industries = await selectIndustriesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const own = industries.filter((i) => i.connectionId === row.id).map(({ id, name }) => ({ id, name }));
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      logo: row.logo,
      sso_url: row.ssoUrl,
      shared_secret_masked: maskedSecret(ctx.keys, row),
      industry_type_ids: own.map((i) => i.id),
      industry_types: own,
      is_active: row.isActive,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

async function assertIndustriesExist(db: DbOrTx, ids: string[]) {
  const known = await existingIndustryTypeIds(db, ids);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new AppError('invalid_input', 'Some industry types do not exist.', [
      { path: 'industry_type_ids', message: `Unknown industry type ${missing.join(', ')}` },
    ]);
  }
}

/** What the admin form sets on a connection, on create and on change alike (the secret is sealed apart). */
const formFields = (body: UpdateFinancialConnectionBody & { description: string; is_active: boolean }) => ({
  name: body.name,
  description: body.description,
  logo: body.logo ?? null,
  ssoUrl: body.sso_url,
  isActive: body.is_active,
});

/** The shared secret sealed for connection `id` under the current key version (docs/ARCHITECTURE.md). */
const sealedSecret = (ctx: AppContext, id: string, secret: string) => ({
  sharedSecret: sealSharedSecret(ctx.keys, id, secret),
  keyVersion: ctx.keys.currentVersion,
});

/** Every change to a financial connection is a platform-level audit entry (no merchant). */
const auditConnection = (db: DbOrTx, actor: Actor, id: string, change: string, data: Record<string, unknown>) =>
  recordAudit(db, {
    actor,
    merchantId: null,
    action: `financial_connection.${change}`,
    entityType: 'financial_connection',
    entityId: id,
    data,
  });

export async function listFinancialConnections(
  ctx: AppContext,
  actor: Actor,
  q: FinancialConnectionQuery,
): Promise<Page<FinancialConnectionView>> {
  requirePlatformAdmin(actor);
  const filters = { search: q.search || undefined, industryTypeId: q.search_industry };
  const [rows, count] = await Promise.all([
    selectFinancialConnectionPage(ctx.db, filters, q.page_size, (q.page - 1) * q.page_size),
    countFinancialConnections(ctx.db, filters),
  ]);
  return pageOf(q, count, await toViews(ctx, ctx.db, rows));
}

export async function createFinancialConnection(
  ctx: AppContext,
  actor: Actor,
  body: CreateFinancialConnectionBody & { description: string; is_active: boolean },
) {
  requirePlatformAdmin(actor);
  const industryIds = [...new Set(body.industry_type_ids)];
  return ctx.db.transaction(async (db) => {
    await assertIndustriesExist(db, industryIds);
    const id = crypto.randomUUID();
    const row = await insertFinancialConnection(db, {
      id,
      ...formFields(body),
      ...sealedSecret(ctx, id, body.shared_secret),
    });
    await replaceIndustries(db, id, industryIds);
    await auditConnection(db, actor, id, 'created', { name: body.name, sso_url: body.sso_url });
    return (await toViews(ctx, db, [row]))[0]!;
  });
}

export async function updateFinancialConnectionById(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: UpdateFinancialConnectionBody & { description: string; is_active: boolean },
) {
  requirePlatformAdmin(actor);
  const industryIds = [...new Set(body.industry_type_ids)];
  return ctx.db.transaction(async (db) => {
    if (!(await findFinancialConnection(db, id))) throw notFound('This financial connection does not exist.');
    await assertIndustriesExist(db, industryIds);
    const row = await updateFinancialConnection(db, id, {
      ...formFields(body),
      ...(body.shared_secret ? sealedSecret(ctx, id, body.shared_secret) : {}),
    });
    await replaceIndustries(db, id, industryIds);
    await auditConnection(db, actor, id, 'updated', {
      name: body.name,
      sso_url: body.sso_url,
      secret_replaced: Boolean(body.shared_secret),
    });
    return (await toViews(ctx, db, [row!]))[0]!;
  });
}

export async function removeFinancialConnection(ctx: AppContext, actor: Actor, id: string) {
  requirePlatformAdmin(actor);
  await ctx.db.transaction(async (db) => {
    const row = await findFinancialConnection(db, id);
    if (!row || !(await deleteFinancialConnection(db, id))) throw notFound('This financial connection does not exist.');
    await auditConnection(db, actor, id, 'deleted', { name: row.name });
  });
}
