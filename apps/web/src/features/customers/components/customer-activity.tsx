// The customer page's latest payments and invoices (payments and invoices are linked to the
// customer), ten of each, newest first, each row linking to its own page.
import type { Customer } from '@kassa/contract/customers';
import { formatCalendarDate } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { editInvoicePath, transactionDetailPath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { InvoiceStatusBadge, useInvoices } from '../../invoices/index.ts';
import { TransactionStatusBadge, useTransactions } from '../../transactions/index.ts';

const RECENT = 10;

function ActivityCard({
  title,
  testId,
  query,
  empty,
  children,
}: {
  title: string;
  testId: string;
  query: { error: unknown; isLoading: boolean; mutate: () => unknown; data?: { count: number } };
  empty: { title: string; text: string };
  children: React.ReactNode;
}) {
  const { data, error, isLoading, mutate } = query;
  let body: React.ReactNode = null;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListLoading />;
  else if (data.count === 0) body = <ListEmpty title={empty.title} text={empty.text} />;
  return (
    <Card className="mb-3" data-testid={testId}>
      <Card.Header>{title}</Card.Header>
      {body ? <Card.Body>{body}</Card.Body> : <div className="table-responsive">{children}</div>}
    </Card>
  );
}

export function CustomerPayments({ customer }: { customer: Customer }) {
  const { t, locale } = usePortalI18n();
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const query = useTransactions({ customer_id: customer.id, mode: customer.mode, page_size: RECENT });
  return (
    <ActivityCard
      title={t('customers.activity.payments')}
      testId="customer-payments"
      query={query}
      empty={{ title: t('customers.activity.noPayments'), text: t('customers.activity.noPaymentsText') }}
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">{t('customers.activity.date')}</th>
            <th scope="col">{t('recurring.list.amount')}</th>
            <th scope="col">{t('customers.activity.method')}</th>
            <th scope="col">{t('invoices.list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((tx) => (
            <tr key={tx.id} data-testid="customer-payment">
              <td>
                <Link to={transactionDetailPath(tx.id)}>{dateFormat.format(new Date(tx.created_at))}</Link>
              </td>
              <td className="text-nowrap">{formatMoney(tx.amount, tx.currency, locale)}</td>
              <td className="text-nowrap">{paymentMethodText(tx.method, tx.card_brand, tx.card_last4)}</td>
              <td>
                <TransactionStatusBadge status={tx.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ActivityCard>
  );
}

export function CustomerInvoices({ customer }: { customer: Customer }) {
  const params = new URLSearchParams({ customer_id: customer.id, page_size: String(RECENT), sort_by: '-created_at' });
  const query = useInvoices(`?${params}`);
  const { t, locale } = usePortalI18n();
  return (
    <ActivityCard
      title={t('invoices.list.title')}
      testId="customer-invoices"
      query={query}
      empty={{ title: t('invoices.list.none'), text: t('customers.activity.noInvoicesText') }}
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">{t('invoices.list.number')}</th>
            <th scope="col">{t('invoices.list.due')}</th>
            <th scope="col">{t('invoices.list.total')}</th>
            <th scope="col">{t('invoices.list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((invoice) => (
            <tr key={invoice.id} data-testid="customer-invoice">
              <td>
                <Link to={editInvoicePath(invoice.id)}>{invoice.invoice_number}</Link>
              </td>
              <td className="text-nowrap">{formatCalendarDate(invoice.due_date, locale)}</td>
              <td className="text-nowrap">{formatMoney(invoice.total_amount, invoice.currency, locale)}</td>
              <td>
                <InvoiceStatusBadge status={invoice.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ActivityCard>
  );
}
