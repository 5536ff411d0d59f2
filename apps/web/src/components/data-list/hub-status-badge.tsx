import { HUB_STATUS } from '@kassa/contract/access';
import Badge from 'react-bootstrap/Badge';
import { hubStatusLabel } from '../../lib/portal-labels.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import type { Column } from './data-table.tsx';

// docs/ARCHITECTURE.md: 1 pending, 2 in review, 3 active, 4 suspended.
const VARIANT: Record<number, string> = {
  [HUB_STATUS.PENDING]: 'secondary',
  [HUB_STATUS.IN_REVIEW]: 'warning',
  [HUB_STATUS.ACTIVE]: 'success',
  [HUB_STATUS.SUSPENDED]: 'danger',
};

/** A hub's status as a coloured badge; `hub` ("Payment Hub") is read out and shown when not compact. */
export function HubStatusBadge({ hub, status, compact = false }: { hub: string; status: number; compact?: boolean }) {
  const { t } = usePortalI18n();
  const label = VARIANT[status] ? hubStatusLabel(t, status) : t('common.hubStatus.unknown', { status });
  const both = t('common.hubStatus.ofHub', { hub, status: label });
  return (
    <Badge
      bg={VARIANT[status] ?? 'secondary'}
      text={status === HUB_STATUS.IN_REVIEW ? 'dark' : undefined}
      className="hub-badge"
      title={both}
    >
      {compact ? (
        <>
          <span className="visually-hidden">{t('common.hubStatus.hubPrefix', { hub })}</span>
          {label}
        </>
      ) : (
        both
      )}
    </Badge>
  );
}

/** The Payment or Financing Hub's badge, named in the reader's language. */
function HubBadge({ which, status }: { which: 'payment' | 'financing'; status: number }) {
  const { t } = usePortalI18n();
  const hub = which === 'payment' ? t('nav.group.paymentHub') : t('nav.group.financingHub');
  return <HubStatusBadge hub={hub} status={status} compact />;
}

/** The two hub status columns of a merchant list, headed as the list names them. */
export function hubStatusColumns<Row extends { payment_hub_status: number; finance_hub_status: number }>(
  headers: [payment: string, financing: string],
): Column<Row>[] {
  return [
    {
      key: 'payment-hub',
      header: headers[0],
      cell: (row) => <HubBadge which="payment" status={row.payment_hub_status} />,
    },
    {
      key: 'financing-hub',
      header: headers[1],
      cell: (row) => <HubBadge which="financing" status={row.finance_hub_status} />,
    },
  ];
}
