// The invoices a recurring invoice has made, newest first, each linking to the invoice.
import { formatMoney } from '@kassa/contract/money';
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ListEmpty } from '../../../components/data-list/list-states.tsx';
import { QueryCard } from '../../../components/data-list/query-card.tsx';
import { editInvoicePath } from '../../../config/paths.ts';
import { InvoiceStatusBadge, useInvoices } from '../../invoices/index.ts';
import { formatDay } from './recurring-columns.tsx';

const SHOWN = 20;

export function MadeInvoicesCard({ recurring }: { recurring: RecurringInvoice }) {
  const params = new URLSearchParams({ recurring_invoice_id: recurring.id, page_size: String(SHOWN) });
  const query = useInvoices(`?${params}`);
  const { data } = query;
  return (
    <QueryCard
      header={`Invoices sent${data && data.count > SHOWN ? ` (latest ${SHOWN} of ${data.count})` : ''}`}
      testId="made-invoices"
      query={query}
      empty={
        <ListEmpty
          title="No invoice sent yet"
          text={
            recurring.next_send_date
              ? `The first one goes out on ${formatDay(recurring.next_send_date)}.`
              : 'This schedule sends no more invoices.'
          }
        />
      }
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Sent</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.results.map((invoice) => (
            <tr key={invoice.id} data-testid="made-invoice">
              <td>
                <Link to={editInvoicePath(invoice.id)}>{invoice.invoice_number}</Link>
              </td>
              <td className="text-nowrap small">{formatDateTime(invoice.sent_at)}</td>
              <td className="text-nowrap small">{formatDay(invoice.due_date)}</td>
              <td>
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="text-end text-nowrap">{formatMoney(invoice.total_amount, invoice.currency)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </QueryCard>
  );
}
