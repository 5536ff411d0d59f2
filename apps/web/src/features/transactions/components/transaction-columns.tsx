import { formatMoment } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import type { TransactionItem } from '@kassa/contract/transactions';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { transactionDetailPath } from '../../../config/paths.ts';
import { methodText } from './payment-method-text.ts';
import { DisputedBadge, TransactionStatusBadge } from './transaction-status.tsx';

/**
 * The transactions list's columns. Whoever sees more than one merchant's payments (admins, a master
 * merchant with its sub-merchants) also sees each payment's merchant, as the CSV export has it.
 */
export function transactionColumns(
  showMerchant: boolean,
  { t, locale }: { t: Translate; locale: Locale },
): (Column<TransactionItem> | false)[] {
  return [
    {
      key: 'date',
      header: t('transactions.column.date'),
      sort: 'created_at',
      cell: (row) => (
        <Link to={transactionDetailPath(row.id)} data-testid="transaction-link">
          {formatMoment(new Date(row.created_at), locale)}
        </Link>
      ),
    },
    {
      key: 'buyer',
      header: t('transactions.column.buyer'),
      cell: (row) => (
        <>
          <div className="fw-semibold" data-testid="transaction-buyer">
            {`${row.buyer_first_name} ${row.buyer_last_name}`.trim() || '—'}
          </div>
          <div className="small text-body-secondary">{row.buyer_email}</div>
        </>
      ),
    },
    showMerchant && {
      key: 'merchant',
      header: t('transactions.column.merchant'),
      cellTestId: 'transaction-merchant',
      cell: (row) => row.merchant_name,
    },
    {
      key: 'method',
      header: t('transactions.column.method'),
      cell: (row) => methodText(row.method, row.card_brand, row.card_last4, t),
    },
    {
      key: 'status',
      header: t('transactions.column.status'),
      cell: (row) => (
        <>
          <TransactionStatusBadge status={row.status} />
          <DisputedBadge disputedAt={row.disputed_at} />
        </>
      ),
    },
    {
      key: 'amount',
      header: t('transactions.column.amount'),
      sort: 'amount',
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cellTestId: 'transaction-amount',
      cell: (row) => formatMoney(row.amount, row.currency, locale),
    },
  ];
}
