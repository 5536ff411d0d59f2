// A customer's page: details (changed in the same dialog as a new customer), delete with a
// confirmation, and the customer's payments and invoices. Payments and invoices are not linked to
// customers yet (migration 0019_customers: the links come with saved cards), so both lists show
// their empty state for now.
import { APP } from '@kassa/contract/access';
import type { Customer } from '@kassa/contract/customers';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router';
import { ListEmpty, ListError } from '../../components/data-list/list-states.tsx';
import { useItemModalState } from '../../components/form/use-item-form-modal.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { deleteCustomer, useCustomer } from './api/customers-api.ts';
import { CustomerFormModal } from './components/customer-form-modal.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function addressLines(c: Customer): string[] {
  const a = c.billing_address;
  if (!a) return [];
  return [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), a.state, a.country].filter(Boolean);
}

function DetailRow({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="row mb-2">
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 mb-0 text-break" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function DetailsCard({ customer: c }: { customer: Customer }) {
  const address = addressLines(c);
  const metadata = Object.entries(c.metadata);
  return (
    <Card className="mb-3">
      <Card.Header>Details</Card.Header>
      <Card.Body>
        <dl className="mb-0">
          <DetailRow label="E-mail" testId="detail-email">
            {c.email ?? '—'}
          </DetailRow>
          <DetailRow label="Phone" testId="detail-phone">
            {c.phone ?? '—'}
          </DetailRow>
          <DetailRow label="Your reference" testId="detail-reference">
            {c.reference ?? '—'}
          </DetailRow>
          <DetailRow label="Billing address" testId="detail-address">
            {address.length ? address.map((line) => <div key={line}>{line}</div>) : '—'}
          </DetailRow>
          {metadata.length > 0 && (
            <DetailRow label="Metadata">
              {metadata.map(([k, v]) => (
                <div key={k}>
                  <span className="font-monospace">{k}</span>: {v}
                </div>
              ))}
            </DetailRow>
          )}
          <DetailRow label="Created">{dateFormat.format(new Date(c.created_at))}</DetailRow>
        </dl>
      </Card.Body>
    </Card>
  );
}

export function CustomerDetailPage() {
  const { id } = useParams();
  const { data: customer, error, isLoading, mutate } = useCustomer(id);
  const rights = useAppRights(APP.VIRTUAL_TERMINAL);
  const form = useItemModalState<Customer>();
  const navigate = useNavigate();

  if (error && !customer)
    return <ListError error={error} onRetry={() => mutate()} fallback="An error occurred while fetching data." />;
  if (isLoading || !customer) return <PageSpinner />;

  const remove = () =>
    confirmedAction({
      confirm: confirmDelete(
        customer.name,
        'The customer leaves your list. Past payments and invoices stay as they are.',
        'Yes, delete customer',
      ),
      run: () => deleteCustomer(customer.id),
      done: 'Customer deleted.',
      after: () => navigate(PATHS.customers),
    });

  return (
    <>
      <p className="mb-2">
        <Link to={PATHS.customers}>← Customers</Link>
      </p>
      <PageHeader
        title={customer.name}
        actions={
          <>
            {rights.edit && (
              <Button variant="outline-primary" onClick={() => form.open(customer)} data-testid="customer-edit">
                Edit
              </Button>
            )}
            {rights.delete && (
              <Button variant="outline-danger" onClick={remove} data-testid="customer-delete">
                Delete
              </Button>
            )}
          </>
        }
      />
      <p>
        <Badge bg={customer.mode === 'live' ? 'success' : 'secondary'} data-testid="customer-mode">
          {customer.mode === 'live' ? 'Live' : 'Test'}
        </Badge>
      </p>
      <DetailsCard customer={customer} />
      <Card className="mb-3" data-testid="customer-payments">
        <Card.Header>Payments</Card.Header>
        <Card.Body>
          <ListEmpty title="No payments yet" text="Payments made for this customer will be listed here." />
        </Card.Body>
      </Card>
      <Card className="mb-3" data-testid="customer-invoices">
        <Card.Header>Invoices</Card.Header>
        <Card.Body>
          <ListEmpty title="No invoices yet" text="Invoices sent to this customer will be listed here." />
        </Card.Body>
      </Card>
      <CustomerFormModal {...form.modal} onSaved={() => void mutate()} />
    </>
  );
}
