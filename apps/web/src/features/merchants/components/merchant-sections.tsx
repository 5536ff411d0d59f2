// The lists on the merchant detail page: users, configured providers, recent transactions and
// sub-merchants, as the detail endpoint returns them.
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import Card from 'react-bootstrap/Card';
import { type Column, DataTable } from '../../../components/data-list/data-table.tsx';
import {
  type Connection,
  providerColumns,
  type SubMerchant,
  subMerchantColumns,
  type Transaction,
  transactionColumns,
  type User,
  userColumns,
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

/** The four lists, titled and headed in the reader's language. */
export function merchantSections(i18n: { t: Translate; locale: Locale }): {
  users: SectionSpec<User>;
  providers: SectionSpec<Connection>;
  transactions: SectionSpec<Transaction>;
  subMerchants: SectionSpec<SubMerchant>;
} {
  const { t } = i18n;
  return {
    users: {
      title: t('merchants.users.title'),
      testId: 'merchant-users',
      empty: t('merchants.users.empty'),
      columns: userColumns(i18n),
    },
    providers: {
      title: t('merchants.providers.title'),
      testId: 'merchant-providers',
      empty: t('merchants.providers.empty'),
      columns: providerColumns(i18n),
    },
    transactions: {
      title: t('merchants.transactions.title'),
      testId: 'merchant-transactions',
      empty: t('merchants.transactions.empty'),
      columns: transactionColumns(i18n),
    },
    subMerchants: {
      title: t('merchants.subMerchants.title'),
      testId: 'merchant-sub-merchants',
      empty: t('merchants.subMerchants.empty'),
      columns: subMerchantColumns(i18n),
    },
  };
}
