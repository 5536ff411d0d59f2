// How the merchant detail page names roles, transaction statuses and audit entries.

import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import { AUDIT_ACTION_LABEL, type AuditEntry } from '@kassa/contract/audit';
import { formatMoney } from '@kassa/contract/money';
import { humanize } from '../../../components/data-list/labels.tsx';

export const MERCHANT_ROLE_LABEL: Record<number, string> = { 2: 'Owner', 3: 'Sub-user', 5: 'Staff' };

// The same badge as the transactions list: one label and one colour per status everywhere.
export { TransactionStatusBadge } from '../../transactions/index.ts';

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABEL[action] ?? action;

const HUB_NAME: Record<string, string> = { payment: 'Payment Hub', finance: 'Financing Hub' };
const hubLabel = (value: unknown) => HUB_STATUS_LABEL[Number(value)] ?? String(value);
const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** One line saying what an audit entry changed, from the data the API recorded with it. */
export function auditDetails(entry: AuditEntry): string {
  const data = entry.data ?? {};
  switch (entry.action) {
    case 'merchant.hub_status_changed': {
      const line = `${HUB_NAME[String(data.hub)] ?? 'Hub'}: ${hubLabel(data.from)} → ${hubLabel(data.to)}`;
      return data.note ? `${line} — “${String(data.note)}”` : line;
    }
    case 'merchant.updated': {
      const changes = (data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      return Object.entries(changes)
        .map(([field, change]) =>
          field === 'logo' ? 'Logo changed' : `${humanize(field)}: ${show(change.from)} → ${show(change.to)}`,
        )
        .join('; ');
    }
    case 'merchant.registered':
      return data.owner_email ? `Owner ${String(data.owner_email)} invited` : '';
    default:
      if (entry.amount !== null && entry.currency) return formatMoney(entry.amount, entry.currency);
      return '';
  }
}
