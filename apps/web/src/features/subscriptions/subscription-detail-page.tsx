// One subscription: status, current period, price, card, its invoices, and the actions its status allows
// (the contract's transition table decides which buttons show): cancel now or at the period's end, pause,
// resume, each confirmed first, and a change of quantity or price with the proration previewed.
import { formatMoney } from '@kassa/contract/money';
import { describeCycle } from '@kassa/contract/prices';
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
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useSavedCards } from '../customers/index.ts';
import { cancelSubscription, pauseSubscription, resumeSubscription, useSubscription } from './api/subscriptions-api.ts';
import { ChangePlanCard } from './components/change-plan-card.tsx';
import { SubscriptionStatusBadge } from './components/subscription-status-badge.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

export function SubscriptionDetailPage() {
  const { id } = useParams();
  const { data: sub, error, mutate } = useSubscription(id);
  const [busy, setBusy] = useState(false);
  if (error) return <p className="text-danger">{error.message ?? 'This subscription could not be loaded.'}</p>;
  if (!sub) return <PageSpinner />;

  const act = async (
    confirm: { title: string; text: string; button: string } | null,
    run: () => Promise<unknown>,
    done: string,
  ) => {
    if (
      confirm &&
      !(await confirmDialog({
        title: confirm.title,
        text: confirm.text,
        confirmButtonText: confirm.button,
        cancelButtonText: 'Keep it',
      }))
    )
      return;
    setBusy(true);
    try {
      await run();
      await mutate();
      showToast('success', done);
    } catch (actionError) {
      toastApiError(actionError, 'That did not work.');
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
      label: 'Pause',
      variant: 'outline-secondary',
      testId: 'subscription-pause',
      confirm: {
        title: 'Pause this subscription?',
        text: 'No invoices are made while it is paused.',
        button: 'Pause it',
      },
      run: () => pauseSubscription(sub.id),
      done: 'Subscription paused.',
    },
    {
      shown: can('resume'),
      label: 'Resume',
      variant: 'outline-primary',
      testId: 'subscription-resume',
      confirm: {
        title: 'Resume this subscription?',
        text: 'A new period starts now and is billed at once.',
        button: 'Resume it',
      },
      run: () => resumeSubscription(sub.id),
      done: 'Subscription resumed.',
    },
    {
      shown: can('cancel') && !sub.cancel_at_period_end && ['active', 'trialing', 'past_due'].includes(sub.status),
      label: 'Cancel at period end',
      variant: 'outline-danger',
      testId: 'subscription-cancel-later',
      confirm: {
        title: 'Cancel at the end of the period?',
        text: `It keeps running until ${at(sub.current_period_end)}, then ends.`,
        button: 'Cancel at period end',
      },
      run: () => cancelSubscription(sub.id, true),
      done: 'The subscription ends at the end of its period.',
    },
    {
      shown: can('cancel'),
      label: 'Cancel now',
      variant: 'danger',
      testId: 'subscription-cancel-now',
      confirm: {
        title: 'Cancel now?',
        text: 'The subscription ends at once and makes no more invoices.',
        button: 'Cancel now',
      },
      run: () => cancelSubscription(sub.id, false),
      done: 'Subscription canceled.',
    },
  ];

  return (
    <section>
      <PageHeader
        title={`${formatMoney(sub.amount * sub.quantity, sub.currency)} ${describeCycle(sub)}`}
        description={`Subscription of a ${sub.mode} customer, ${sub.collection_method === 'send_invoice' ? 'invoiced by e-mail' : 'charged to a saved card'}.`}
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
                <dt className="col-5">Customer</dt>
                <dd className="col-7">
                  <Link to={customerDetailPath(sub.customer_id)}>Open the customer</Link>
                </dd>
                <dt className="col-5">Quantity</dt>
                <dd className="col-7">{sub.quantity}</dd>
                <dt className="col-5">Current period</dt>
                <dd className="col-7" data-testid="subscription-period">
                  {at(sub.current_period_start)} – {at(sub.current_period_end)}
                </dd>
                {sub.trial_end && (
                  <>
                    <dt className="col-5">Trial ends</dt>
                    <dd className="col-7">{at(sub.trial_end)}</dd>
                  </>
                )}
                <dt className="col-5">Collection</dt>
                <dd className="col-7">
                  {sub.collection_method === 'send_invoice'
                    ? 'Invoice e-mailed each period'
                    : 'Saved card charged each period'}
                </dd>
                <dt className="col-5">Card</dt>
                <dd className="col-7">
                  <SubscriptionCard customerId={sub.customer_id} cardId={sub.payment_method_id} />
                </dd>
                {sub.cancel_at_period_end && (
                  <>
                    <dt className="col-5">Ends</dt>
                    <dd className="col-7">At the end of this period</dd>
                  </>
                )}
                {sub.pending_proration !== 0 && (
                  <>
                    <dt className="col-5">On the next invoice</dt>
                    <dd className="col-7">{formatMoney(sub.pending_proration, sub.currency)} for a change of plan</dd>
                  </>
                )}
                {sub.test_clock_id && (
                  <>
                    <dt className="col-5">Follows</dt>
                    <dd className="col-7">
                      <Link to={PATHS.testClocks}>a test clock</Link>
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
  return (
    <Card className="mt-3">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          Invoices
        </Card.Title>
        {sub.invoices.length === 0 ? (
          <p className="text-body-secondary small mb-0">No invoice yet: the first comes at the end of the trial.</p>
        ) : (
          <Table size="sm" responsive data-testid="subscription-invoices">
            <thead>
              <tr>
                <th>Number</th>
                <th>Period</th>
                <th>Amount</th>
                <th>Status</th>
                <th>Tries</th>
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
                  <td>{formatMoney(i.total_amount, i.currency)}</td>
                  <td>{i.status === 'sent' ? 'open' : i.status}</td>
                  <td className="small">
                    {i.attempt_count}
                    {i.next_payment_attempt_at ? ` (next ${at(i.next_payment_attempt_at)})` : ''}
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
