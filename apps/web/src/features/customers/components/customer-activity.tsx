// The customer page's latest payments and invoices (payments and invoices are linked to the
// customer), ten of each, newest first, each row linking to its own page.
import type { Customer } from '@kassa/contract/customers';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { editInvoicePath, transactionDetailPath } from '../../../config/paths.ts';
import { InvoiceStatusBadge, useInvoices } from '../../invoices/index.ts';
import { TransactionStatusBadge, useTransactions } from '../../transactions/index.ts';

const RECENT = 10;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dueFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

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
  const query = useTransactions({ customer_id: customer.id, mode: customer.mode, page_size: RECENT });
  return (
    <ActivityCard
      title="Payments"
      testId="customer-payments"
      query={query}
      empty={{ title: 'No payments yet', text: 'Payments made for this customer will be listed here.' }}
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((t) => (
            <tr key={t.id} data-testid="customer-payment">
              <td>
                <Link to={transactionDetailPath(t.id)}>{dateFormat.format(new Date(t.created_at))}</Link>
              </td>
              <td className="text-nowrap">{formatMoney(t.amount, t.currency)}</td>
              <td className="text-nowrap">{paymentMethodText(t.method, t.card_brand, t.card_last4)}</td>
              <td>
                <TransactionStatusBadge status={t.status} />
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
  return (
    <ActivityCard
      title="Invoices"
      testId="customer-invoices"
      query={query}
      empty={{ title: 'No invoices yet', text: 'Invoices sent to this customer will be listed here.' }}
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Due</th>
            <th scope="col">Total</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((invoice) => (
            <tr key={invoice.id} data-testid="customer-invoice">
              <td>
                <Link to={editInvoicePath(invoice.id)}>{invoice.invoice_number}</Link>
              </td>
              <td className="text-nowrap">{dueFormat.format(new Date(invoice.due_date))}</td>
              <td className="text-nowrap">{formatMoney(invoice.total_amount, invoice.currency)}</td>
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
