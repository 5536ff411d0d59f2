// The audit trail of admin actions and money movements. Every back-office
// mutation calls recordAudit inside its own transaction, so the entry exists exactly when the change does.
import type { AuditEntry } from '@kassa/contract/audit';
import type { Page } from '@kassa/contract/common';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CarriedWrite } from '../../db/fixed-statement.ts';
import { requireAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import {
  type AuditInsert,
  type AuditRow,
  auditInsertStatement,
  countMerchantAudit,
  merchantExists,
  selectMerchantAudit,
} from './audit.queries.ts';

export interface AuditRecord {
  /** null for actions the system takes on its own (jobs, webhooks). */
  actor: (Pick<Actor, 'userId' | 'role'> & Pick<Partial<Actor>, 'apiKey'>) | null;
  merchantId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  data?: Record<string, unknown>;
  /** Money movements: minor units and ISO currency. */
  amount?: number;
  currency?: string;
  /**
   * The entry's id, when its writer may write it twice (a carried write whose commit's answer was lost,
   * then the same entry again): the second is skipped. A new id otherwise.
   */
  id?: string;
}

const toAuditInsert = (record: AuditRecord): AuditInsert => ({
  ...(record.id ? { id: record.id } : {}),
  actorUserId: record.actor?.userId ?? null,
  actorRole: record.actor?.role ?? null,
  apiKeyId: record.actor?.apiKey?.id ?? null,
  merchantId: record.merchantId,
  action: record.action,
  entityType: record.entityType,
  entityId: record.entityId,
  data: record.data ?? null,
  amount: record.amount ?? null,
  currency: record.currency ?? null,
});

export async function recordAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  await auditInsertStatement(db, toAuditInsert(record));
}

/** recordAudit's entry as a statement not yet run, to be sent alongside the caller's own write. */
export const auditWrite = (record: AuditRecord): CarriedWrite<AuditInsert> => ({
  values: { id: crypto.randomUUID(), ...toAuditInsert(record) },
  build: auditInsertStatement,
});

export const RECENT_AUDIT_LIMIT = 50;

export async function recentMerchantAudit(db: DbOrTx, merchantId: string): Promise<AuditEntry[]> {
  return (await selectMerchantAudit(db, merchantId, RECENT_AUDIT_LIMIT)).map(toAuditEntry);
}

export async function listMerchantAudit(
  ctx: AppContext,
  actor: Actor,
  merchantId: string,
  query: { page: number; page_size: number },
): Promise<Page<AuditEntry>> {
  requireAdmin(actor, 'view_merchant');
  if (!(await merchantExists(ctx.db, merchantId))) throw notFound('Merchant not found.');
  const [rows, total] = await Promise.all([
    selectMerchantAudit(ctx.db, merchantId, query.page_size, (query.page - 1) * query.page_size),
    countMerchantAudit(ctx.db, merchantId),
  ]);
  return pageOf(query, total, rows.map(toAuditEntry));
}

function toAuditEntry(row: AuditRow): AuditEntry {
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    merchant_id: row.merchantId,
    actor_user_id: row.actorUserId,
    actor_role: row.actorRole,
    actor_name: row.actorUserId ? name || null : null,
    actor_email: row.actorEmail ?? null,
    ...(row.apiKeyId ? { api_key_id: row.apiKeyId } : {}),
    amount: row.amount,
    currency: row.currency,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}
