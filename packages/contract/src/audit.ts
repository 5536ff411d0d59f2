// Audit log entries: who did what and when, shown on the merchant detail page.
import { z } from 'zod';
import { isoDateTime, listQuery } from './common.ts';

/**
 * Labels for the merchant detail page's history. Other modules write their own actions (money
 * movements, users, passwords); an action without a label is shown as it is.
 */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'merchant.registered': 'Merchant registered',
  'merchant.updated': 'Profile edited',
  'merchant.blocked': 'Merchant blocked',
  'merchant.unblocked': 'Merchant unblocked',
  'merchant.removed': 'Merchant removed',
  'merchant.hub_status_changed': 'Hub status changed',
  'merchant.connections_allowed': 'Connections allowed',
  'merchant.connections_disallowed': 'Connections disallowed',
  'admin_user.created': 'Staff admin created',
  'admin_user.updated': 'Staff admin changed',
  'product.activated': 'Product activated',
  'product.deactivated': 'Product deactivated',
  'industry_type.created': 'Industry type created',
  'industry_type.updated': 'Industry type changed',
  'industry_type.deleted': 'Industry type deleted',
  'transaction.refund': 'Refund',
  'user.invited': 'User invited',
  'user.updated': 'User changed',
  'user.disabled': 'User disabled',
  'user.access_updated': 'User access changed',
  'password.invite_accepted': 'Invitation accepted',
  'password.reset': 'Password reset',
  'password.changed': 'Password changed',
  'api_key.created': 'API key created',
  'api_key.rolled': 'API key rolled',
  'api_key.deleted': 'API key deleted',
  'api_key.request': 'Change made with an API key',
  'embed.session_minted': 'Embed session made',
  'embed.session_started': 'Embedded portal opened',
};

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  merchant_id: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  actor_role: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** Present when the actor called with an API key (the key acts for the merchant's owner). */
  api_key_id: z.string().optional(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListQuery = listQuery.omit({ search: true, sort_by: true });
