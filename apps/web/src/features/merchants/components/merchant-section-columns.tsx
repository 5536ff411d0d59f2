// The columns of the lists on the merchant detail page.
import type { MerchantDetail } from '@kassa/contract/merchants';
import { formatMoney } from '@kassa/contract/money';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate, formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { merchantDetailPath, transactionDetailPath } from '../../../config/paths.ts';
import { MERCHANT_ROLE_LABEL, TransactionStatusBadge } from './merchant-labels.tsx';

export type User = MerchantDetail['users'][number];
export type Connection = MerchantDetail['provider_connections'][number];
export type Transaction = NonNullable<MerchantDetail['recent_transactions']>[number];
export type SubMerchant = MerchantDetail['sub_merchants'][number];

/** When something last happened, or "Never". */
function lastTimeColumn<Row>(key: string, header: string, time: (row: Row) => string | null): Column<Row> {
  return { key, header, cellClassName: 'text-nowrap', cell: (row) => formatDateTime(time(row), 'Never') };
}

function UserStatus({ user }: { user: User }) {
  if (!user.is_active) return <Badge bg="secondary">Disabled</Badge>;
  if (user.invitation_pending)
    return (
      <Badge bg="warning" text="dark">
        Invitation pending
      </Badge>
    );
  return <Badge bg="success">Active</Badge>;
}

export const USER_COLUMNS: Column<User>[] = [
  { key: 'name', header: 'Name', cell: (user) => `${user.first_name} ${user.last_name}` },
  { key: 'email', header: 'E-mail', cell: (user) => user.email },
  { key: 'role', header: 'Role', cell: (user) => MERCHANT_ROLE_LABEL[user.role] ?? `Role ${user.role}` },
  { key: 'status', header: 'Status', cell: (user) => <UserStatus user={user} /> },
  lastTimeColumn('last-sign-in', 'Last sign-in', (user) => user.last_login_at),
];

export const PROVIDER_COLUMNS: Column<Connection>[] = [
  { key: 'kind', header: 'Kind', cell: (connection) => humanize(connection.kind) },
  { key: 'provider', header: 'Provider', cell: (connection) => humanize(connection.provider) },
  { key: 'enabled', header: 'Enabled', cell: (connection) => <EnabledBadge enabled={connection.enabled} /> },
  { key: 'status', header: 'Status', cell: (connection) => <ProviderStatusBadge status={connection.status} /> },
  lastTimeColumn('verified', 'Last verified', (connection) => connection.last_verified_at),
];

export const TRANSACTION_COLUMNS: Column<Transaction>[] = [
  { key: 'date', header: 'Date', cellClassName: 'text-nowrap', cell: (t) => formatDateTime(t.created_at) },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    cellClassName: 'text-nowrap fw-semibold',
    cell: (t) => formatMoney(t.amount, t.currency),
  },
  { key: 'method', header: 'Method', cell: (t) => humanize(t.method) },
  { key: 'status', header: 'Status', cell: (t) => <TransactionStatusBadge status={t.status} /> },
  {
    key: 'details',
    cellClassName: 'text-end',
    cell: (t) => <Link to={transactionDetailPath(t.id)}>Details</Link>,
  },
];

export const SUB_MERCHANT_COLUMNS: Column<SubMerchant>[] = [
  {
    key: 'merchant',
    header: 'Merchant',
    cell: (sub) => (
      <div className="merchant-cell">
        <EntityLogo src={sub.logo} name={sub.name} size={28} />
        <Link to={merchantDetailPath(sub.id)}>{sub.name}</Link>
      </div>
    ),
  },
  { key: 'email', header: 'E-mail', cell: (sub) => sub.email },
  {
    key: 'hubs',
    header: 'Hubs',
    cell: (sub) => (
      <div className="hub-badges">
        <HubStatusBadge hub="Payment Hub" status={sub.payment_hub_status} />
        <HubStatusBadge hub="Financing Hub" status={sub.finance_hub_status} />
      </div>
    ),
  },
  { key: 'status', header: 'Status', cell: (sub) => (sub.is_blocked ? <Badge bg="danger">Blocked</Badge> : 'Open') },
  { key: 'created', header: 'Created', cellClassName: 'text-nowrap', cell: (sub) => formatDate(sub.created_at) },
];
