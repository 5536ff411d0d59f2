import { HUB_STATUS, HUB_STATUS_LABEL } from '@kassa/contract/access';
import Badge from 'react-bootstrap/Badge';
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
  const label = HUB_STATUS_LABEL[status] ?? `Status ${status}`;
  return (
    <Badge
      bg={VARIANT[status] ?? 'secondary'}
      text={status === HUB_STATUS.IN_REVIEW ? 'dark' : undefined}
      className="hub-badge"
      title={`${hub}: ${label}`}
    >
      {compact ? (
        <>
          <span className="visually-hidden">{hub}: </span>
          {label}
        </>
      ) : (
        `${hub}: ${label}`
      )}
    </Badge>
  );
}

/** The two hub status columns of a merchant list, headed as the list names them. */
export function hubStatusColumns<Row extends { payment_hub_status: number; finance_hub_status: number }>(
  headers: [payment: string, financing: string],
): Column<Row>[] {
  return [
    {
      key: 'payment-hub',
      header: headers[0],
      cell: (row) => <HubStatusBadge hub="Payment Hub" status={row.payment_hub_status} compact />,
    },
    {
      key: 'financing-hub',
      header: headers[1],
      cell: (row) => <HubStatusBadge hub="Financing Hub" status={row.finance_hub_status} compact />,
    },
  ];
}
