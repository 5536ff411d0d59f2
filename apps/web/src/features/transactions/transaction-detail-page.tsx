// Transaction detail: amounts, status, card, buyer and billing address, the event timeline, refunds,
// and the Refund, Capture and Void buttons for users the server lets refund, while the payment allows
// them; an authorization shows when it lapses. A master merchant reads its sub-merchants' payments
// but refunds only its own (docs/ARCHITECTURE.md: read-only).
import { isAdminRole } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import type { TransactionDetail } from '@kassa/contract/transactions';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { mayRefund } from '../../lib/app-access.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { useAccessSubject } from '../auth/use-access.ts';
import { useTransaction } from './api/transactions-api.ts';
import { AuthorizationExpiry } from './components/authorization-expiry.tsx';
import { type AuthorizationAction, CaptureVoidDialog } from './components/capture-void-dialog.tsx';
import { RefundDialog } from './components/refund-dialog.tsx';
import {
  DisputedBadge,
  methodLabel,
  paymentMethodText,
  statusLabel,
  TransactionStatusBadge,
} from './components/transaction-status.tsx';
import './transactions.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const when = (iso: string) => dateTime.format(new Date(iso));

/**
 * Refund, capture and void share the server's one rule (mayRefund: owners and staff, a sub-user with
 * Virtual Terminal edit, an embedded session only with the Virtual Terminal among its segments), on
 * the merchant's own payment.
 */
function useMayActOn(transaction: TransactionDetail | undefined): boolean {
  const merchantId = useSessionSelector((s) => s.auth.user?.merchant?.id);
  const subject = useAccessSubject();
  return Boolean(transaction) && merchantId === transaction?.merchant_id && mayRefund(subject);
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

const ADDRESS_ORDER = ['line1', 'city', 'state', 'zipCode', 'postalCode', 'country'];

export function TransactionDetailPage() {
  const { id } = useParams();
  const isAdmin = isAdminRole(useSessionSelector((s) => s.auth.user?.role ?? 0));
  const { data: t, error, isLoading, mutate } = useTransaction(id, isAdmin);
  const mayAct = useMayActOn(t);
  const canRefund = mayAct && (t?.refundable_amount ?? 0) > 0;
  const canCapture = mayAct && (t?.capturable_amount ?? 0) > 0;
  const [refunding, setRefunding] = useState(false);
  const [authorizationAction, setAuthorizationAction] = useState<AuthorizationAction | null>(null);

  if (error && !t)
    return <ListError error={error} onRetry={() => mutate()} fallback="An error occurred while fetching data." />;
  if (isLoading || !t) return <PageSpinner />;
  const money = (amount: number) => formatMoney(amount, t.currency);
  const buyer = `${t.buyer_first_name} ${t.buyer_last_name}`.trim();
  const address = t.billing_address
    ? ADDRESS_ORDER.map((k) => t.billing_address?.[k])
        .filter(Boolean)
        .join(', ')
    : '';

  return (
    <>
      <p className="mb-2">
        <Link to={PATHS.transactions}>← Transactions</Link>
      </p>
      <PageHeader
        title="Transaction"
        description={t.description ?? undefined}
        actions={
          <>
            {canCapture && (
              <>
                <Button onClick={() => setAuthorizationAction('capture')} data-testid="capture-open">
                  Capture
                </Button>
                <Button variant="outline-danger" onClick={() => setAuthorizationAction('void')} data-testid="void-open">
                  Void
                </Button>
              </>
            )}
            {canRefund && (
              <Button variant="outline-danger" onClick={() => setRefunding(true)} data-testid="refund-open">
                Refund
              </Button>
            )}
          </>
        }
      />
      {t.authorization_expires_at && (
        <AuthorizationExpiry expiresAt={t.authorization_expires_at} amount={money(t.capturable_amount)} />
      )}
      {t.disputed_at && (
        <div className="alert alert-danger" role="status" data-testid="dispute-notice">
          The buyer's bank opened a dispute on this payment on {when(t.disputed_at)}. Answer it with evidence in your
          payment service's dashboard before its deadline; until it is decided the money may be held.
        </div>
      )}
      <Card className="mb-3">
        <Card.Body className="d-flex flex-wrap align-items-center gap-3">
          <span className="amount-hero" data-testid="detail-amount">
            {money(t.amount)}
          </span>
          <TransactionStatusBadge status={t.status} />
          <DisputedBadge disputedAt={t.disputed_at} />
          <span className="text-body-secondary ms-md-auto small text-break">{t.id}</span>
        </Card.Body>
      </Card>

      <div className="detail-grid mb-3">
        <Card>
          <Card.Body>
            <Card.Title as="h2" className="h6">
              Payment
            </Card.Title>
            <dl className="detail-list mb-0">
              <Row label="Date">{when(t.created_at)}</Row>
              {isAdmin && <Row label="Merchant">{t.merchant_name}</Row>}
              <Row label="Method">{methodLabel(t.method)}</Row>
              {t.card_last4 && (
                <Row label="Card" testId="detail-card">
                  {paymentMethodText(t)}
                  {t.card_exp_month && t.card_exp_year
                    ? `, expires ${String(t.card_exp_month).padStart(2, '0')}/${String(t.card_exp_year).slice(-2)}`
                    : ''}
                </Row>
              )}
              <Row label="Captured">{money(t.captured_amount)}</Row>
              <Row label="Refunded" testId="detail-refunded">
                {money(t.refunded_amount)}
              </Row>
              <Row label="Refundable" testId="detail-refundable">
                {money(t.refundable_amount)}
              </Row>
              {t.gift_card_amount > 0 && <Row label="Gift card">{money(t.gift_card_amount)}</Row>}
              <Row label="Source">{t.source.replaceAll('_', ' ')}</Row>
              {t.failure_reason && <Row label="Failure">{t.failure_reason}</Row>}
              {t.fraud_decision && (
                <Row label="Fraud check">
                  {t.fraud_decision}
                  {t.fraud_reasons?.length ? ` — ${t.fraud_reasons.join(' ')}` : ''}
                </Row>
              )}
            </dl>
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <Card.Title as="h2" className="h6">
              Buyer
            </Card.Title>
            <dl className="detail-list mb-0">
              <Row label="Name" testId="detail-buyer">
                {buyer || '—'}
              </Row>
              <Row label="E-mail">{t.buyer_email || '—'}</Row>
              <Row label="Billing address">{address || '—'}</Row>
            </dl>
          </Card.Body>
        </Card>
      </div>

      <div className="detail-grid">
        <Card>
          <Card.Body>
            <Card.Title as="h2" className="h6">
              Timeline
            </Card.Title>
            <ol className="timeline" data-testid="detail-timeline">
              {t.events.map((event) => (
                <li key={event.id}>
                  <div className="fw-semibold">
                    {statusLabel(event.status)}
                    {event.amount !== null && ` · ${money(event.amount)}`}
                  </div>
                  {event.message && <div className="small">{event.message}</div>}
                  <div className="small text-body-secondary">{when(event.created_at)}</div>
                </li>
              ))}
            </ol>
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <Card.Title as="h2" className="h6">
              Refunds
            </Card.Title>
            {t.refunds.length === 0 ? (
              <p className="text-body-secondary mb-0">No refunds.</p>
            ) : (
              <ul className="list-unstyled mb-0" data-testid="detail-refunds">
                {t.refunds.map((refund) => (
                  <li key={refund.id} className="py-2 border-top">
                    <div className="d-flex justify-content-between gap-2">
                      <span className="fw-semibold">{formatMoney(refund.amount, refund.currency)}</span>
                      <span className="small text-body-secondary">{when(refund.created_at)}</span>
                    </div>
                    {refund.reason && <div className="small">{refund.reason}</div>}
                  </li>
                ))}
              </ul>
            )}
          </Card.Body>
        </Card>
      </div>

      {authorizationAction && (
        <CaptureVoidDialog
          action={authorizationAction}
          transaction={t}
          onClose={() => setAuthorizationAction(null)}
          onDone={(updated) => {
            setAuthorizationAction(null);
            void mutate(updated, { revalidate: false });
          }}
        />
      )}
      {refunding && (
        <RefundDialog
          transaction={t}
          onClose={() => setRefunding(false)}
          onRefunded={(updated) => {
            setRefunding(false);
            void mutate(updated, { revalidate: false });
          }}
        />
      )}
    </>
  );
}
