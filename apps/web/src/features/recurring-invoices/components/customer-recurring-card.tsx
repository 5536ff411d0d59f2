// A customer's recurring invoices, on the customer's page, with a link to bill them on a schedule.
import { APP } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { newRecurringInvoicePath, recurringInvoicePath } from '../../../config/paths.ts';
import { useAppRights } from '../../../lib/use-access.ts';
import { useRecurringInvoices } from '../api/recurring-invoices-api.ts';
import { formatDay, scheduleText } from './recurring-columns.tsx';
import { RecurringStatusBadge } from './recurring-status-badge.tsx';

export function CustomerRecurringInvoices({ customerId }: { customerId: string }) {
  const rights = useAppRights(APP.INVOICES);
  const { data, error, isLoading, mutate } = useRecurringInvoices(`?customer_id=${encodeURIComponent(customerId)}`);
  const add = rights.create ? (
    <Link to={newRecurringInvoicePath(customerId)} data-testid="customer-recurring-new">
      Bill on a schedule
    </Link>
  ) : null;
  let body: React.ReactNode = null;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListLoading />;
  else if (data.count === 0)
    body = (
      <ListEmpty
        title="No recurring invoices"
        text="Send this customer an invoice every week, month or year."
        action={add}
      />
    );
  return (
    <Card className="mb-3" data-testid="customer-recurring">
      <Card.Header className="d-flex justify-content-between">
        <span>Recurring invoices</span>
        {data && data.count > 0 && add}
      </Card.Header>
      {body ? (
        <Card.Body>{body}</Card.Body>
      ) : (
        <div className="table-responsive">
          <Table className="mb-0 align-middle" hover>
            <thead>
              <tr>
                <th scope="col">Schedule</th>
                <th scope="col">Next invoice</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data?.results.map((r) => (
                <tr key={r.id} data-testid="customer-recurring-row">
                  <td>
                    <Link to={recurringInvoicePath(r.id)}>{scheduleText(r)}</Link>
                  </td>
                  <td className="text-nowrap">{formatDay(r.next_send_date)}</td>
                  <td className="text-nowrap">{formatMoney(r.total_amount, r.currency)}</td>
                  <td>
                    <RecurringStatusBadge status={r.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
