// How the merchant detail page names roles, transaction statuses and audit entries, in the reader's language.

import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import { AUDIT_ACTION_LABEL, type AuditEntry } from '@kassa/contract/audit';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import { humanize } from '../../../components/data-list/labels.tsx';
import { auditActionName } from '../../../lib/contract-texts.ts';
import { hubStatusLabel } from '../../../lib/portal-labels.ts';

const ROLE_KEY: Record<number, string> = {
  2: 'merchants.role.owner',
  3: 'merchants.role.subUser',
  5: 'merchants.role.staff',
};

/** A merchant user's role ("Owner"), or "Role 7" for one this page does not know. */
export const merchantRoleLabel = (role: number, t: Translate) =>
  ROLE_KEY[role] ? t(ROLE_KEY[role]) : t('merchants.role.other', { role });

// The same badge as the transactions list: one label and one colour per status everywhere.
export { TransactionStatusBadge } from '../../transactions/index.ts';

const ACTION_KEY: Record<string, string> = {
  'merchant.registered': 'merchants.audit.registered',
  'merchant.updated': 'merchants.audit.updated',
  'merchant.blocked': 'merchants.audit.blocked',
  'merchant.unblocked': 'merchants.audit.unblocked',
  'merchant.removed': 'merchants.audit.removed',
  'merchant.hub_status_changed': 'merchants.audit.hubStatusChanged',
  'merchant.connections_allowed': 'merchants.audit.connectionsAllowed',
  'merchant.connections_disallowed': 'merchants.audit.connectionsDisallowed',
};

/** An audit entry's action in the reader's language; one no catalogue names keeps the contract's English name. */
export const auditActionLabel = (action: string, t: Translate) =>
  ACTION_KEY[action] ? t(ACTION_KEY[action]) : auditActionName(action, AUDIT_ACTION_LABEL[action] ?? action, t);

// The profile fields an edit records, named as the history has always named them ("Zip code").
const FIELD_KEY: Record<string, string> = {
  name: 'merchants.audit.field.name',
  email: 'merchants.audit.field.email',
  phone: 'merchants.audit.field.phone',
  address: 'merchants.audit.field.address',
  city: 'merchants.audit.field.city',
  state: 'merchants.audit.field.state',
  zip_code: 'merchants.audit.field.zipCode',
  country: 'merchants.audit.field.country',
  default_currency: 'merchants.audit.field.currency',
  website: 'merchants.audit.field.website',
  industry_type_id: 'merchants.audit.field.industry',
};

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** One line saying what an audit entry changed, from the data the API recorded with it. */
export function auditDetails(entry: AuditEntry, { t, locale }: { t: Translate; locale: Locale }): string {
  const data = entry.data ?? {};
  const hubLabel = (value: unknown) =>
    HUB_STATUS_LABEL[Number(value)] ? hubStatusLabel(t, Number(value)) : String(value);
  switch (entry.action) {
    case 'merchant.hub_status_changed': {
      const hub =
        data.hub === 'payment'
          ? t('nav.group.paymentHub')
          : data.hub === 'finance'
            ? t('nav.group.financingHub')
            : t('merchants.audit.hub');
      const line = t('merchants.audit.hubLine', { hub, from: hubLabel(data.from), to: hubLabel(data.to) });
      return data.note ? t('merchants.audit.withNote', { line, note: String(data.note) }) : line;
    }
    case 'merchant.updated': {
      const changes = (data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      return Object.entries(changes)
        .map(([field, change]) =>
          field === 'logo'
            ? t('merchants.audit.logoChanged')
            : t('merchants.audit.fieldChange', {
                field: FIELD_KEY[field] ? t(FIELD_KEY[field]) : humanize(field),
                from: show(change.from),
                to: show(change.to),
              }),
        )
        .join('; ');
    }
    case 'merchant.registered':
      return data.owner_email ? t('merchants.audit.ownerInvited', { email: String(data.owner_email) }) : '';
    default:
      if (entry.amount !== null && entry.currency) return formatMoney(entry.amount, entry.currency, locale);
      return '';
  }
}
