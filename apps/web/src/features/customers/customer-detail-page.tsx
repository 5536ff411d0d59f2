// A customer's page: details (changed in the same dialog as a new customer), delete with a
// confirmation, the saved cards (charge, remove, links to add or replace one) and the
// customer's latest payments, invoices and recurring invoices.
import { APP } from '@kassa/contract/access';
import type { Customer } from '@kassa/contract/customers';
import type { SavedCardView } from '@kassa/contract/saved-cards';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { ListError } from '../../components/data-list/list-states.tsx';
import { useItemModalState } from '../../components/form/use-item-form-modal.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { CustomerRecurringInvoices } from '../recurring-invoices/index.ts';
import { CustomerSubscriptionsCard } from '../subscriptions/index.ts';
import { isTransactionListKey } from '../transactions/index.ts';
import { deleteCustomer, useCustomer } from './api/customers-api.ts';
import { ChargeSavedCardForm } from './components/charge-saved-card-form.tsx';
import { CustomerInvoices, CustomerPayments } from './components/customer-activity.tsx';
import { CustomerFormModal } from './components/customer-form-modal.tsx';
import { PortalLinkCard } from './components/portal-link-card.tsx';
import { cardName, SavedCardsCard } from './components/saved-cards-card.tsx';
import './customers.css';

import { formatMoment } from '@kassa/contract/date-display';

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
  const { t, locale } = usePortalI18n();
  return (
    <Card className="mb-3">
      <Card.Header>{t('customers.detail.title')}</Card.Header>
      <Card.Body>
        <dl className="mb-0">
          <DetailRow label={t('customers.list.email')} testId="detail-email">
            {c.email ?? '—'}
          </DetailRow>
          <DetailRow label={t('customers.list.phone')} testId="detail-phone">
            {c.phone ?? '—'}
          </DetailRow>
          <DetailRow label={t('customers.detail.reference')} testId="detail-reference">
            {c.reference ?? '—'}
          </DetailRow>
          <DetailRow label={t('customers.detail.address')} testId="detail-address">
            {address.length ? address.map((line) => <div key={line}>{line}</div>) : '—'}
          </DetailRow>
          {metadata.length > 0 && (
            <DetailRow label={t('customers.detail.metadata')}>
              {metadata.map(([k, v]) => (
                <div key={k}>
                  <span className="font-monospace">{k}</span>: {v}
                </div>
              ))}
            </DetailRow>
          )}
          <DetailRow label={t('customers.list.created')}>{formatMoment(new Date(c.created_at), locale)}</DetailRow>
        </dl>
      </Card.Body>
    </Card>
  );
}

export function CustomerDetailPage() {
  const { t } = usePortalI18n();
  const { id } = useParams();
  const { data: customer, error, isLoading, mutate } = useCustomer(id);
  const rights = useAppRights(APP.VIRTUAL_TERMINAL);
  const invoiceRights = useAppRights(APP.INVOICES);
  const canSeeInvoices = invoiceRights.view;
  const form = useItemModalState<Customer>();
  const [charging, setCharging] = useState<SavedCardView | null>(null);
  const { mutate: reload } = useSWRConfig();
  const navigate = useNavigate();

  if (error && !customer)
    return <ListError error={error} onRetry={() => mutate()} fallback={t('invoices.editor.loadFailed')} />;
  if (isLoading || !customer) return <PageSpinner />;

  const remove = () =>
    confirmedAction({
      confirm: {
        ...confirmDelete(customer.name, t('customers.delete.text'), t('customers.delete.confirm')),
        title: t('customers.delete.title', { name: customer.name }),
        cancelButtonText: t('recurring.remove.cancel'),
      },
      run: () => deleteCustomer(customer.id),
      done: t('customers.delete.done'),
      failed: t('invoices.toast.failed'),
      after: () => navigate(PATHS.customers),
    });

  return (
    <>
      <p className="mb-2">
        <Link to={PATHS.customers}>← {t('customers.title')}</Link>
      </p>
      <PageHeader
        title={customer.name}
        actions={
          <>
            {rights.edit && (
              <Button variant="outline-primary" onClick={() => form.open(customer)} data-testid="customer-edit">
                {t('invoices.actions.edit')}
              </Button>
            )}
            {rights.delete && (
              <Button variant="outline-danger" onClick={remove} data-testid="customer-delete">
                {t('recurring.action.delete')}
              </Button>
            )}
          </>
        }
      />
      <p>
        <Badge bg={customer.mode === 'live' ? 'success' : 'secondary'} data-testid="customer-mode">
          {customer.mode === 'live' ? t('customers.mode.live') : t('customers.mode.test')}
        </Badge>
      </p>
      <DetailsCard customer={customer} />
      {rights.edit && <PortalLinkCard customer={customer} />}
      <SavedCardsCard customer={customer} rights={rights} onCharge={setCharging} />
      {canSeeInvoices && <CustomerSubscriptionsCard customer={customer} canCreate={invoiceRights.create} />}
      <CustomerPayments customer={customer} />
      {canSeeInvoices && <CustomerInvoices customer={customer} />}
      {canSeeInvoices && <CustomerRecurringInvoices customerId={customer.id} />}
      <Modal show={charging !== null} onHide={() => setCharging(null)} backdrop="static" data-testid="charge-modal">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Charge {charging ? cardName(charging) : 'card'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {charging && (
            <ChargeSavedCardForm
              customer={customer}
              initialCardId={charging.id}
              onCharged={() => void reload(isTransactionListKey)}
            />
          )}
        </Modal.Body>
      </Modal>
      <CustomerFormModal {...form.modal} onSaved={() => void mutate()} />
    </>
  );
}
