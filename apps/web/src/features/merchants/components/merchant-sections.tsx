// The lists on the merchant detail page: users, configured providers, recent transactions and
// sub-merchants, as the detail endpoint returns them.
import type { MerchantDetail } from '@kassa/contract/merchants';
import { formatMoney } from '@kassa/contract/money';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate, formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { merchantDetailPath, transactionDetailPath } from '../../../config/paths.ts';
import { MERCHANT_ROLE_LABEL, TransactionStatusBadge } from './merchant-labels.tsx';

export function Section({
  title,
  testId,
  empty,
  isEmpty,
  children,
}: {
  title: string;
  testId: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="mb-4" data-testid={testId}>
      <Card.Body className="pb-2">
        <h2 className="section-title">{title}</h2>
      </Card.Body>
      {isEmpty ? (
        <p className="text-body-secondary small px-3 pb-3 mb-0">{empty}</p>
      ) : (
        <div className="table-responsive">
          <Table className="list-table" size="sm">
            {children}
          </Table>
        </div>
      )}
    </Card>
  );
}

export function UsersSection({ users }: { users: MerchantDetail['users'] }) {
  return (
    <Section title="Users" testId="merchant-users" empty="This merchant has no users." isEmpty={users.length === 0}>
      <thead>
        <tr>
          <th>Name</th>
          <th>E-mail</th>
          <th>Role</th>
          <th>Status</th>
          <th>Last sign-in</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td>
              {user.first_name} {user.last_name}
            </td>
            <td>{user.email}</td>
            <td>{MERCHANT_ROLE_LABEL[user.role] ?? `Role ${user.role}`}</td>
            <td>
              {!user.is_active ? (
                <Badge bg="secondary">Disabled</Badge>
              ) : user.invitation_pending ? (
                <Badge bg="warning" text="dark">
                  Invitation pending
                </Badge>
              ) : (
                <Badge bg="success">Active</Badge>
              )}
            </td>
            <td className="text-nowrap">{formatDateTime(user.last_login_at, 'Never')}</td>
          </tr>
        ))}
      </tbody>
    </Section>
  );
}

export function ProvidersSection({ connections }: { connections: MerchantDetail['provider_connections'] }) {
  return (
    <Section
      title="Configured providers"
      testId="merchant-providers"
      empty="No provider is configured yet."
      isEmpty={connections.length === 0}
    >
      <thead>
        <tr>
          <th>Kind</th>
          <th>Provider</th>
          <th>Enabled</th>
          <th>Status</th>
          <th>Last verified</th>
        </tr>
      </thead>
      <tbody>
        {connections.map((connection) => (
          <tr key={connection.id}>
            <td>{humanize(connection.kind)}</td>
            <td>{humanize(connection.provider)}</td>
            <td>
              <EnabledBadge enabled={connection.enabled} />
            </td>
            <td>
              <ProviderStatusBadge status={connection.status} />
            </td>
            <td className="text-nowrap">{formatDateTime(connection.last_verified_at, 'Never')}</td>
          </tr>
        ))}
      </tbody>
    </Section>
  );
}

export function TransactionsSection({
  transactions,
}: {
  transactions: NonNullable<MerchantDetail['recent_transactions']>;
}) {
  return (
    <Section
      title="Recent transactions"
      testId="merchant-transactions"
      empty="No transactions yet."
      isEmpty={transactions.length === 0}
    >
      <thead>
        <tr>
          <th>Date</th>
          <th className="text-end">Amount</th>
          <th>Method</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {transactions.map((transaction) => (
          <tr key={transaction.id}>
            <td className="text-nowrap">{formatDateTime(transaction.created_at)}</td>
            <td className="text-end text-nowrap fw-semibold">
              {formatMoney(transaction.amount, transaction.currency)}
            </td>
            <td>{humanize(transaction.method)}</td>
            <td>
              <TransactionStatusBadge status={transaction.status} />
            </td>
            <td className="text-end">
              <Link to={transactionDetailPath(transaction.id)}>Details</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Section>
  );
}

export function SubMerchantsSection({ subMerchants }: { subMerchants: MerchantDetail['sub_merchants'] }) {
  return (
    <Section
      title="Sub-merchants"
      testId="merchant-sub-merchants"
      empty="No sub-merchants."
      isEmpty={subMerchants.length === 0}
    >
      <thead>
        <tr>
          <th>Merchant</th>
          <th>E-mail</th>
          <th>Hubs</th>
          <th>Status</th>
          <th>Created</th>
        </tr>
      </thead>
      <tbody>
        {subMerchants.map((sub) => (
          <tr key={sub.id}>
            <td>
              <div className="merchant-cell">
                <EntityLogo src={sub.logo} name={sub.name} size={28} />
                <Link to={merchantDetailPath(sub.id)}>{sub.name}</Link>
              </div>
            </td>
            <td>{sub.email}</td>
            <td>
              <div className="hub-badges">
                <HubStatusBadge hub="Payment Hub" status={sub.payment_hub_status} />
                <HubStatusBadge hub="Financing Hub" status={sub.finance_hub_status} />
              </div>
            </td>
            <td>{sub.is_blocked ? <Badge bg="danger">Blocked</Badge> : 'Open'}</td>
            <td className="text-nowrap">{formatDate(sub.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </Section>
  );
}
