// The lists on the merchant detail page: users, configured providers, recent transactions and
// sub-merchants, as the detail endpoint returns them.
import Card from 'react-bootstrap/Card';
import { type Column, DataTable } from '../../../components/data-list/data-table.tsx';
import {
  type Connection,
  PROVIDER_COLUMNS,
  SUB_MERCHANT_COLUMNS,
  type SubMerchant,
  TRANSACTION_COLUMNS,
  type Transaction,
  USER_COLUMNS,
  type User,
} from './merchant-section-columns.tsx';

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
