// One subscription: status, current period, price, card, its invoices, and the actions its status allows
// (the contract's transition table decides which buttons show): cancel now or at the period's end, pause,
// resume, each confirmed first, and a change of quantity or price with the proration previewed.
import { formatMoment } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import { formatMoney } from '@kassa/contract/money';
import { nextSubscriptionStatus, type SubscriptionDetail } from '@kassa/contract/subscriptions';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { customerDetailPath, PATHS } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useSavedCards } from '../customers/index.ts';
import { cancelSubscription, pauseSubscription, resumeSubscription, useSubscription } from './api/subscriptions-api.ts';
import { ChangePlanCard } from './components/change-plan-card.tsx';
import { SubscriptionStatusBadge } from './components/subscription-status-badge.tsx';
import { cycleText, invoiceStatusText } from './components/subscription-text.ts';

const momentOf = (iso: string | null, locale: Locale) => (iso ? formatMoment(new Date(iso), locale) : '—');

export function SubscriptionDetailPage() {
  const { t, locale } = usePortalI18n();
  const at = (iso: string | null) => momentOf(iso, locale);
  const { id } = useParams();
  const { data: sub, error, mutate } = useSubscription(id);
  const [busy, setBusy] = useState(false);
  if (error) return <p className="text-danger">{apiErrorMessage(error, t('subscriptions.detail.loadFailed'))}</p>;
  if (!sub) return <PageSpinner />;

  const act = async (
    confirm: { title: string; text: string; button: string } | null,
    // Awaited either way; typed loosely so the catalogue test does not read a generic as page text.
    run: () => unknown,
    done: string,
  ) => {
    if (
      confirm &&
      !(await confirmDialog({
        title: confirm.title,
        text: confirm.text,
        confirmButtonText: confirm.button,
        cancelButtonText: t('subscriptions.detail.keep'),
      }))
    )
      return;
    setBusy(true);
    try {
      await run();
      await mutate();
      showToast('success', done);
    } catch (actionError) {
      toastApiError(actionError, t('subscriptions.detail.failed'));
    } finally {
      setBusy(false);
    }
  };
  const can = (event: Parameters<typeof nextSubscriptionStatus>[1]) =>
    nextSubscriptionStatus(sub.status, event) !== null;

  // What the status allows (the contract's transition table), each confirmed before it runs.
  const actions = [
    {
      shown: can('pause'),
      label: t('recurring.action.pause'),
      variant: 'outline-secondary',
      testId: 'subscription-pause',
      confirm: {
        title: t('subscriptions.pause.title'),
        text: t('subscriptions.pause.text'),
        button: t('subscriptions.pause.confirm'),
      },
      run: () => pauseSubscription(sub.id),
      done: t('subscriptions.pause.done'),
    },
    {
      shown: can('resume'),
      label: t('recurring.action.resume'),
      variant: 'outline-primary',
      testId: 'subscription-resume',
      confirm: {
        title: t('subscriptions.resume.title'),
        text: t('subscriptions.resume.text'),
        button: t('subscriptions.resume.confirm'),
      },
      run: () => resumeSubscription(sub.id),
      done: t('subscriptions.resume.done'),
    },
    {
      shown: can('cancel') && !sub.cancel_at_period_end && ['active', 'trialing', 'past_due'].includes(sub.status),
      label: t('subscriptions.cancelLater.label'),
      variant: 'outline-danger',
      testId: 'subscription-cancel-later',
      confirm: {
        title: t('subscriptions.cancelLater.title'),
        text: t('subscriptions.cancelLater.text', { date: at(sub.current_period_end) }),
        button: t('subscriptions.cancelLater.label'),
      },
      run: () => cancelSubscription(sub.id, true),
      done: t('subscriptions.cancelLater.done'),
    },
    {
      shown: can('cancel'),
      label: t('subscriptions.cancelNow.label'),
      variant: 'danger',
      testId: 'subscription-cancel-now',
      confirm: {
        title: t('subscriptions.cancelNow.title'),
        text: t('subscriptions.cancelNow.text'),
        button: t('subscriptions.cancelNow.label'),
      },
      run: () => cancelSubscription(sub.id, false),
      done: t('subscriptions.cancelNow.done'),
    },
  ];

  return (
    <section>
      <PageHeader
        title={`${formatMoney(sub.amount * sub.quantity, sub.currency, locale)} ${cycleText(t, sub)}`}
        description={t(
          sub.collection_method === 'send_invoice'
            ? sub.mode === 'live'
              ? 'subscriptions.detail.liveInvoiced'
              : 'subscriptions.detail.testInvoiced'
            : sub.mode === 'live'
              ? 'subscriptions.detail.liveCharged'
              : 'subscriptions.detail.testCharged',
        )}
        actions={
          <div className="d-flex flex-wrap gap-2">
            {actions
              .filter((a) => a.shown)
              .map((a) => (
                <Button
                  key={a.testId}
                  variant={a.variant}
                  disabled={busy}
                  data-testid={a.testId}
                  onClick={() => act(a.confirm, a.run, a.done)}
                >
                  {a.label}
                </Button>
              ))}
          </div>
        }
      />
      <p>
        <SubscriptionStatusBadge status={sub.status} />
      </p>
      <Row className="g-3">
        <Col lg={6}>
          <Card>
            <Card.Body>
              <dl className="row mb-0 small">
                <dt className="col-5">{t('invoices.customer.title')}</dt>
                <dd className="col-7">
                  <Link to={customerDetailPath(sub.customer_id)}>{t('subscriptions.detail.openCustomer')}</Link>
                </dd>
                <dt className="col-5">{t('invoices.items.quantity')}</dt>
                <dd className="col-7">{sub.quantity}</dd>
                <dt className="col-5">{t('subscriptions.detail.period')}</dt>
                <dd className="col-7" data-testid="subscription-period">
                  {at(sub.current_period_start)} – {at(sub.current_period_end)}
                </dd>
                {sub.trial_end && (
                  <>
                    <dt className="col-5">{t('subscriptions.detail.trialEnds')}</dt>
                    <dd className="col-7">{at(sub.trial_end)}</dd>
                  </>
                )}
                <dt className="col-5">{t('subscriptions.detail.collection')}</dt>
                <dd className="col-7">
                  {sub.collection_method === 'send_invoice'
                    ? t('subscriptions.detail.invoiceEachPeriod')
                    : t('subscriptions.detail.chargeEachPeriod')}
                </dd>
                <dt className="col-5">{t('subscriptions.detail.card')}</dt>
                <dd className="col-7">
                  <SubscriptionCard customerId={sub.customer_id} cardId={sub.payment_method_id} />
                </dd>
                {sub.cancel_at_period_end && (
                  <>
                    <dt className="col-5">{t('recurring.schedule.ends')}</dt>
                    <dd className="col-7">{t('subscriptions.detail.endsAtPeriodEnd')}</dd>
                  </>
                )}
                {sub.pending_proration !== 0 && (
                  <>
                    <dt className="col-5">{t('subscriptions.detail.nextInvoice')}</dt>
                    <dd className="col-7">
                      {t('subscriptions.detail.proration', {
                        amount: formatMoney(sub.pending_proration, sub.currency, locale),
                      })}
                    </dd>
                  </>
                )}
                {sub.test_clock_id && (
                  <>
                    <dt className="col-5">{t('subscriptions.detail.follows')}</dt>
                    <dd className="col-7">
                      <Link to={PATHS.testClocks}>{t('subscriptions.detail.aClock')}</Link>
                    </dd>
                  </>
                )}
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          {['active', 'trialing', 'past_due'].includes(sub.status) && (
            <ChangePlanCard sub={sub} onChanged={() => void mutate()} />
          )}
        </Col>
      </Row>
      <InvoicesCard sub={sub} />
    </section>
  );
}

function InvoicesCard({ sub }: { sub: SubscriptionDetail }) {
  const { t, locale } = usePortalI18n();
  const at = (iso: string | null) => momentOf(iso, locale);
  return (
    <Card className="mt-3">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('invoices.list.title')}
        </Card.Title>
        {sub.invoices.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t('subscriptions.invoices.none')}</p>
        ) : (
          <Table size="sm" responsive data-testid="subscription-invoices">
            <thead>
              <tr>
                <th>{t('invoices.list.number')}</th>
                <th>{t('subscriptions.invoices.period')}</th>
                <th>{t('recurring.list.amount')}</th>
                <th>{t('invoices.list.status')}</th>
                <th>{t('subscriptions.invoices.tries')}</th>
              </tr>
            </thead>
            <tbody>
              {sub.invoices.map((i) => (
                <tr key={i.id} data-testid="subscription-invoice-row">
                  <td>
                    <a href={i.public_url} target="_blank" rel="noreferrer">
                      {i.invoice_number}
                    </a>
                  </td>
                  <td className="small">
                    {at(i.period_start)} – {at(i.period_end)}
                  </td>
                  <td>{formatMoney(i.total_amount, i.currency, locale)}</td>
                  <td>{i.status === 'sent' ? t('subscriptions.invoices.open') : invoiceStatusText(t, i.status)}</td>
                  <td className="small">
                    {i.attempt_count}
                    {i.next_payment_attempt_at
                      ? t('subscriptions.invoices.next', { date: at(i.next_payment_attempt_at) })
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

/** The subscription's card as a person knows it; its id only when the cards cannot be read (no access). */
function SubscriptionCard({ customerId, cardId }: { customerId: string; cardId: string | null }) {
  const { data: cards } = useSavedCards(cardId ? customerId : null);
  if (!cardId) return <>—</>;
  const card = cards?.find((c) => c.id === cardId);
  return card ? (
    <span data-testid="subscription-card">
      {card.brand} •••• {card.last4}
    </span>
  ) : (
    <span className="font-monospace">{cardId.slice(0, 8)}</span>
  );
}
