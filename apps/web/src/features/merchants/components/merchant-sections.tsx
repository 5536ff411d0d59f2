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

/** What one list shows besides its rows. */
type SectionSpec<Row> = { title: string; testId: string; empty: string; columns: Column<Row>[] };

/** A titled card with a compact table of `rows`, or the `empty` sentence. */
export function MerchantSection<Row extends { id: string }>({
  title,
  testId,
  empty,
  rows,
  columns,
}: SectionSpec<Row> & { rows: Row[] }) {
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

export const USERS_SECTION: SectionSpec<User> = {
  title: 'Users',
  testId: 'merchant-users',
  empty: 'This merchant has no users.',
  columns: USER_COLUMNS,
};

export const PROVIDERS_SECTION: SectionSpec<Connection> = {
  title: 'Configured providers',
  testId: 'merchant-providers',
  empty: 'No provider is configured yet.',
  columns: PROVIDER_COLUMNS,
};

export const TRANSACTIONS_SECTION: SectionSpec<Transaction> = {
  title: 'Recent transactions',
  testId: 'merchant-transactions',
  empty: 'No transactions yet.',
  columns: TRANSACTION_COLUMNS,
};

export const SUB_MERCHANTS_SECTION: SectionSpec<SubMerchant> = {
  title: 'Sub-merchants',
  testId: 'merchant-sub-merchants',
  empty: 'No sub-merchants.',
  columns: SUB_MERCHANT_COLUMNS,
};
