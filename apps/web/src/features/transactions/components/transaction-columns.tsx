import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import type { TransactionItem } from '@kassa/contract/transactions';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { transactionDetailPath } from '../../../config/paths.ts';
import { DisputedBadge, TransactionStatusBadge } from './transaction-status.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The transactions list's columns. Whoever sees more than one merchant's payments (admins, a master
 * merchant with its sub-merchants) also sees each payment's merchant, as the CSV export has it.
 */
export function transactionColumns(showMerchant: boolean): (Column<TransactionItem> | false)[] {
  return [
    {
      key: 'date',
      header: 'Date',
      sort: 'created_at',
      cell: (t) => (
        <Link to={transactionDetailPath(t.id)} data-testid="transaction-link">
          {dateTime.format(new Date(t.created_at))}
        </Link>
      ),
    },
    {
      key: 'buyer',
      header: 'Buyer',
      cell: (t) => (
        <>
          <div className="fw-semibold" data-testid="transaction-buyer">
            {`${t.buyer_first_name} ${t.buyer_last_name}`.trim() || '—'}
          </div>
          <div className="small text-body-secondary">{t.buyer_email}</div>
        </>
      ),
    },
    showMerchant && {
      key: 'merchant',
      header: 'Merchant',
      cellTestId: 'transaction-merchant',
      cell: (t) => t.merchant_name,
    },
    { key: 'method', header: 'Method', cell: (t) => paymentMethodText(t.method, t.card_brand, t.card_last4) },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <>
          <TransactionStatusBadge status={t.status} />
          <DisputedBadge disputedAt={t.disputed_at} />
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      sort: 'amount',
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cellTestId: 'transaction-amount',
      cell: (t) => formatMoney(t.amount, t.currency),
    },
  ];
}
