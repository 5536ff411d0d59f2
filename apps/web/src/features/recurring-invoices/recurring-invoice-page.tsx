// One recurring invoice: who it bills, what, on which schedule (the coming send dates), the invoices
// it has sent, and start / pause / resume / stop (or delete a draft), each confirmed first.
import { APP } from '@kassa/contract/access';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
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
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
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

const endText = (t: Translate, locale: Locale, r: RecurringInvoice) =>
  r.end_after_count !== null
    ? t('recurring.detail.endsAfter', { count: r.end_after_count })
    : r.end_date
      ? t('recurring.detail.endsOn', { date: formatDay(r.end_date, locale) })
      : t('recurring.schedule.never');

function ScheduleCard({ recurring: r }: { recurring: RecurringInvoice }) {
  const { t, locale } = usePortalI18n();
  return (
    <Card className="mb-3" data-testid="recurring-schedule">
      <Card.Header>{t('recurring.list.schedule')}</Card.Header>
      <Card.Body>
        <dl className="mb-3">
          <Detail label={t('recurring.detail.repeats')}>{scheduleText(t, r)}</Detail>
          <Detail label={t('recurring.detail.startDate')}>{formatDay(r.start_date, locale)}</Detail>
          <Detail label={t('recurring.schedule.ends')}>{endText(t, locale, r)}</Detail>
          <Detail label={t('recurring.detail.due')}>
            {r.due_in_days === 0
              ? t('recurring.detail.onReceipt')
              : t('recurring.detail.dueAfter', { days: r.due_in_days })}
          </Detail>
          <Detail label={t('recurring.detail.payment')}>
            {r.auto_charge ? t('recurring.detail.autoCharge') : t('recurring.detail.byEmail')}
          </Detail>
          <Detail label={t('recurring.detail.made')} testId="recurring-made">
            {r.invoices_made}
          </Detail>
        </dl>
        <h3 className="h6">{t('recurring.detail.upcoming')}</h3>
        {r.upcoming_dates.length > 0 ? (
          <ol className="mb-0" data-testid="recurring-upcoming">
            {r.upcoming_dates.map((day) => (
              <li key={day}>{formatDay(day, locale)}</li>
            ))}
          </ol>
        ) : (
          <p className="text-body-secondary mb-0" data-testid="recurring-upcoming-none">
            {r.status === 'paused' ? t('recurring.detail.noneWhilePaused') : t('recurring.detail.noMore')}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

function LinesCard({ recurring: r }: { recurring: RecurringInvoice }) {
  const { t, locale } = usePortalI18n();
  const money = (amount: number) => formatMoney(amount, r.currency, locale);
  return (
    <Card className="mb-3">
      <Card.Header>{t('recurring.detail.each')}</Card.Header>
      <div className="table-responsive">
        <Table className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t('invoices.items.item')}</th>
              <th scope="col" className="text-end">
                {t('invoices.items.quantity')}
              </th>
              <th scope="col" className="text-end">
                {t('invoices.totals.total')}
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
                {t('recurring.detail.totalPer')}
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

// "Monthly" reads "monthly" after the customer's name; German nouns further on keep their capital.
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function RecurringInvoicePage() {
  const { t, locale } = usePortalI18n();
  const { id } = useParams();
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const { data: recurring, error, isLoading, mutate } = useRecurringInvoice(id);
  if (error && !recurring)
    return <ListError error={error} onRetry={() => mutate()} fallback={t('invoices.editor.loadFailed')} />;
  if (isLoading || !recurring) return <PageSpinner />;

  const isChangeable = ['draft', 'active', 'paused'].includes(recurring.status);
  const actions = (
    <>
      {rights.edit && isChangeable && (
        <Button variant="outline-primary" onClick={() => navigate(editRecurringInvoicePath(recurring.id))}>
          {t('invoices.actions.edit')}
        </Button>
      )}
      {rights.edit &&
        ACTIONS_OF[recurring.status].map((action) => (
          <Button
            key={action}
            variant={action === 'stop' ? 'outline-danger' : 'outline-secondary'}
            onClick={() => runRecurringAction({ t, locale }, recurring, action, () => mutate())}
            data-testid={`recurring-${action}`}
          >
            {t(ACTION_LABEL[action])}
          </Button>
        ))}
      {rights.delete && recurring.status === 'draft' && (
        <Button
          variant="outline-danger"
          onClick={() => removeDraft(t, recurring, () => navigate(PATHS.recurringInvoices))}
          data-testid="recurring-delete"
        >
          {t('recurring.action.delete')}
        </Button>
      )}
    </>
  );

  return (
    <section>
      <p className="mb-2">
        <Link to={PATHS.recurringInvoices}>← {t('recurring.list.title')}</Link>
      </p>
      <PageHeader
        title={t('recurring.detail.title', {
          name: recurring.customer_name,
          schedule: lowerFirst(scheduleText(t, recurring)),
        })}
        description={t('recurring.detail.description', {
          amount: formatMoney(recurring.total_amount, recurring.currency, locale),
          email: recurring.customer_email,
        })}
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
