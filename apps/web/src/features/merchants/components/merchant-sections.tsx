// The lists on the merchant detail page: users, configured providers, recent transactions and
// sub-merchants, as the detail endpoint returns them.
import type { MerchantDetail } from '@kassa/contract/merchants';
import { formatMoney } from '@kassa/contract/money';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-list/data-table.tsx';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate, formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { merchantDetailPath, transactionDetailPath } from '../../../config/paths.ts';
import { MERCHANT_ROLE_LABEL, TransactionStatusBadge } from './merchant-labels.tsx';

type User = MerchantDetail['users'][number];
type Connection = MerchantDetail['provider_connections'][number];
type Transaction = NonNullable<MerchantDetail['recent_transactions']>[number];
type SubMerchant = MerchantDetail['sub_merchants'][number];

/** A titled card with a compact table of `rows`, or the `empty` sentence. */
function Section<Row extends { id: string }>({
  title,
  testId,
  empty,
  rows,
  columns,
}: {
  title: string;
  testId: string;
  empty: string;
  rows: Row[];
  columns: Column<Row>[];
}) {
  return (
    <Card className="mb-4" data-testid={testId}>
      <Card.Body className="pb-2">
        <h2 className="section-title">{title}</h2>
      </Card.Body>
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        size="sm"
        hover={false}
        empty={<p className="text-body-secondary small px-3 pb-3 mb-0">{empty}</p>}
      />
    </Card>
  );
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

const USER_COLUMNS: Column<User>[] = [
  { key: 'name', header: 'Name', cell: (user) => `${user.first_name} ${user.last_name}` },
  { key: 'email', header: 'E-mail', cell: (user) => user.email },
  { key: 'role', header: 'Role', cell: (user) => MERCHANT_ROLE_LABEL[user.role] ?? `Role ${user.role}` },
  { key: 'status', header: 'Status', cell: (user) => <UserStatus user={user} /> },
  {
    key: 'last-sign-in',
    header: 'Last sign-in',
    cellClassName: 'text-nowrap',
    cell: (user) => formatDateTime(user.last_login_at, 'Never'),
  },
];

export function UsersSection({ users }: { users: User[] }) {
  return (
    <Section
      title="Users"
      testId="merchant-users"
      empty="This merchant has no users."
      rows={users}
      columns={USER_COLUMNS}
    />
  );
}

const PROVIDER_COLUMNS: Column<Connection>[] = [
  { key: 'kind', header: 'Kind', cell: (connection) => humanize(connection.kind) },
  { key: 'provider', header: 'Provider', cell: (connection) => humanize(connection.provider) },
  { key: 'enabled', header: 'Enabled', cell: (connection) => <EnabledBadge enabled={connection.enabled} /> },
  { key: 'status', header: 'Status', cell: (connection) => <ProviderStatusBadge status={connection.status} /> },
  {
    key: 'verified',
    header: 'Last verified',
    cellClassName: 'text-nowrap',
    cell: (connection) => formatDateTime(connection.last_verified_at, 'Never'),
  },
];

export function ProvidersSection({ connections }: { connections: Connection[] }) {
  return (
    <Section
      title="Configured providers"
      testId="merchant-providers"
      empty="No provider is configured yet."
      rows={connections}
      columns={PROVIDER_COLUMNS}
    />
  );
}

const TRANSACTION_COLUMNS: Column<Transaction>[] = [
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

export function TransactionsSection({ transactions }: { transactions: Transaction[] }) {
  return (
    <Section
      title="Recent transactions"
      testId="merchant-transactions"
      empty="No transactions yet."
      rows={transactions}
      columns={TRANSACTION_COLUMNS}
    />
  );
}

const SUB_MERCHANT_COLUMNS: Column<SubMerchant>[] = [
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

export function SubMerchantsSection({ subMerchants }: { subMerchants: SubMerchant[] }) {
  return (
    <Section
      title="Sub-merchants"
      testId="merchant-sub-merchants"
      empty="No sub-merchants."
      rows={subMerchants}
      columns={SUB_MERCHANT_COLUMNS}
    />
  );
}
