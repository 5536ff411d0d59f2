// The columns of the all-configured-providers list: whose connection, what and which provider, and
// how its last check went. Credentials are never in the row (the API does not send them).
import type { AdminProviderConnection } from '@kassa/contract/merchants';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { formatDate, formatDateTime } from '../../../components/data-list/format.ts';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';

export const PROVIDER_COLUMNS: Column<AdminProviderConnection>[] = [
  {
    key: 'merchant',
    header: 'Merchant',
    sort: 'merchant_name',
    cell: (connection) => (
      <Link to={merchantDetailPath(connection.merchant_id)} className="fw-semibold">
        {connection.merchant_name}
      </Link>
    ),
  },
  { key: 'kind', header: 'Kind', cell: (connection) => humanize(connection.kind) },
  { key: 'provider', header: 'Provider', cell: (connection) => humanize(connection.provider) },
  { key: 'enabled', header: 'Enabled', cell: (connection) => <EnabledBadge enabled={connection.enabled} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (connection) => <ProviderStatusBadge status={connection.status} />,
  },
  {
    key: 'verified',
    header: 'Last verification',
    cell: (connection) => (
      <>
        <span className="text-nowrap">{formatDateTime(connection.last_verified_at, 'Never')}</span>
        {connection.last_verification_message && (
          <small className="d-block text-body-secondary">{connection.last_verification_message}</small>
        )}
      </>
    ),
  },
  {
    key: 'added',
    header: 'Added',
    sort: 'created_at',
    cellClassName: 'text-nowrap',
    cell: (connection) => formatDate(connection.created_at),
  },
];
