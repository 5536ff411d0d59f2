// One recurring invoice: who it bills, what, on which schedule (the coming send dates), the invoices
// it has sent, and start / pause / resume / stop (or delete a draft), each confirmed first.
import { APP } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { editRecurringInvoicePath, PATHS } from '../../config/paths.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { useRecurringInvoice } from './api/recurring-invoices-api.ts';
import { MadeInvoicesCard } from './components/made-invoices-card.tsx';
import { ACTION_LABEL, ACTIONS_OF, removeDraft, runRecurringAction } from './components/recurring-actions.ts';
import { formatDay, scheduleText } from './components/recurring-columns.tsx';
import { RecurringStatusBadge } from './components/recurring-status-badge.tsx';

function Detail({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="row mb-2">
      <dt className="col-sm-5 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-7 mb-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const endText = (r: RecurringInvoice) =>
  r.end_after_count !== null
    ? `After ${r.end_after_count} invoice${r.end_after_count === 1 ? '' : 's'}`
    : r.end_date
      ? `On ${formatDay(r.end_date)}`
      : 'Never';

function ScheduleCard({ recurring: r }: { recurring: RecurringInvoice }) {
  return (
    <Card className="mb-3" data-testid="recurring-schedule">
      <Card.Header>Schedule</Card.Header>
      <Card.Body>
        <dl className="mb-3">
          <Detail label="Repeats">{scheduleText(r)}</Detail>
          <Detail label="Start date">{formatDay(r.start_date)}</Detail>
          <Detail label="Ends">{endText(r)}</Detail>
          <Detail label="Payment due">
            {r.due_in_days === 0 ? 'On receipt' : `${r.due_in_days} days after it is sent`}
          </Detail>
          <Detail label="Payment">
            {r.auto_charge ? "Charged to the customer's saved card" : 'The customer pays from the e-mail'}
          </Detail>
          <Detail label="Invoices sent" testId="recurring-made">
            {r.invoices_made}
          </Detail>
        </dl>
        <h3 className="h6">Next send dates</h3>
        {r.upcoming_dates.length > 0 ? (
          <ol className="mb-0" data-testid="recurring-upcoming">
            {r.upcoming_dates.map((day) => (
              <li key={day}>{formatDay(day)}</li>
            ))}
          </ol>
        ) : (
          <p className="text-body-secondary mb-0" data-testid="recurring-upcoming-none">
            {r.status === 'paused' ? 'None while paused.' : 'No more invoices will be sent.'}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

function LinesCard({ recurring: r }: { recurring: RecurringInvoice }) {
  const money = (amount: number) => formatMoney(amount, r.currency);
  return (
    <Card className="mb-3">
      <Card.Header>Each invoice</Card.Header>
      <div className="table-responsive">
        <Table className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="text-end">
                Quantity
              </th>
              <th scope="col" className="text-end">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {r.items.map((item, i) => (
              // Lines have no id of their own; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i}>
                <td>{item.product_name ?? item.item_name}</td>
                <td className="text-end">{item.quantity}</td>
                <td className="text-end text-nowrap">{money(item.total_price)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={2} className="text-end">
                Total per invoice
              </th>
              <td className="text-end text-nowrap fw-semibold" data-testid="recurring-total">
                {money(r.total_amount)}
              </td>
            </tr>
          </tbody>
        </Table>
      </div>
      {r.description && <Card.Body className="border-top small">{r.description}</Card.Body>}
    </Card>
  );
}

export function RecurringInvoicePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const { data: recurring, error, isLoading, mutate } = useRecurringInvoice(id);
  if (error && !recurring)
    return <ListError error={error} onRetry={() => mutate()} fallback="An error occurred while fetching data." />;
  if (isLoading || !recurring) return <PageSpinner />;

  const isChangeable = ['draft', 'active', 'paused'].includes(recurring.status);
  const actions = (
    <>
      {rights.edit && isChangeable && (
        <Button variant="outline-primary" onClick={() => navigate(editRecurringInvoicePath(recurring.id))}>
          Edit
        </Button>
      )}
      {rights.edit &&
        ACTIONS_OF[recurring.status].map((action) => (
          <Button
            key={action}
            variant={action === 'stop' ? 'outline-danger' : 'outline-secondary'}
            onClick={() => runRecurringAction(recurring, action, () => mutate())}
            data-testid={`recurring-${action}`}
          >
            {ACTION_LABEL[action]}
          </Button>
        ))}
      {rights.delete && recurring.status === 'draft' && (
        <Button
          variant="outline-danger"
          onClick={() => removeDraft(recurring, () => navigate(PATHS.recurringInvoices))}
          data-testid="recurring-delete"
        >
          Delete
        </Button>
      )}
    </>
  );

  return (
    <section>
      <p className="mb-2">
        <Link to={PATHS.recurringInvoices}>← Recurring invoices</Link>
      </p>
      <PageHeader
        title={`${recurring.customer_name}: ${scheduleText(recurring).toLowerCase()}`}
        description={`${formatMoney(recurring.total_amount, recurring.currency)} per invoice, to ${recurring.customer_email}`}
        actions={actions}
      />
      <p>
        <RecurringStatusBadge status={recurring.status} />
      </p>
      <Row className="g-3">
        <Col lg={5}>
          <ScheduleCard recurring={recurring} />
        </Col>
        <Col lg={7}>
          <LinesCard recurring={recurring} />
          <MadeInvoicesCard recurring={recurring} />
        </Col>
      </Row>
    </section>
  );
}
