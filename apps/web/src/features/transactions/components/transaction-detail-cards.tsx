// The cards of the transaction detail page: the payment, the buyer, the event timeline and the refunds.
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodLabel, paymentMethodText } from '@kassa/contract/payment-methods';
import type { TransactionDetail } from '@kassa/contract/transactions';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { statusLabel } from './transaction-status.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const when = (iso: string) => dateTime.format(new Date(iso));

const ADDRESS_ORDER = ['line1', 'city', 'state', 'zipCode', 'postalCode', 'country'];

/** One titled card of the detail page. */
function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function PaymentCard({ transaction: t, isAdmin }: { transaction: TransactionDetail; isAdmin: boolean }) {
  const money = (amount: number) => formatMoney(amount, t.currency);
  return (
    <DetailCard title="Payment">
      <dl className="detail-list mb-0">
        <Row label="Date">{when(t.created_at)}</Row>
        {isAdmin && <Row label="Merchant">{t.merchant_name}</Row>}
        <Row label="Method">{paymentMethodLabel(t.method)}</Row>
        {t.card_last4 && (
          <Row label="Card" testId="detail-card">
            {paymentMethodText(t.method, t.card_brand, t.card_last4)}
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
    </DetailCard>
  );
}

export function BuyerCard({ transaction: t }: { transaction: TransactionDetail }) {
  const buyer = `${t.buyer_first_name} ${t.buyer_last_name}`.trim();
  const address = t.billing_address
    ? ADDRESS_ORDER.map((k) => t.billing_address?.[k])
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <DetailCard title="Buyer">
      <dl className="detail-list mb-0">
        <Row label="Name" testId="detail-buyer">
          {buyer || '—'}
        </Row>
        <Row label="E-mail">{t.buyer_email || '—'}</Row>
        <Row label="Billing address">{address || '—'}</Row>
      </dl>
    </DetailCard>
  );
}

export function TimelineCard({ transaction: t }: { transaction: TransactionDetail }) {
  const money = (amount: number) => formatMoney(amount, t.currency);
  return (
    <DetailCard title="Timeline">
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
    </DetailCard>
  );
}

export function RefundsCard({
  refunds,
  onReceipt,
}: {
  refunds: TransactionDetail['refunds'];
  /** Downloads a refund's receipt (PDF); offered once the refund went through. */
  onReceipt: (refundId: string) => void;
}) {
  return (
    <DetailCard title="Refunds">
      {refunds.length === 0 ? (
        <p className="text-body-secondary mb-0">No refunds.</p>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="detail-refunds">
          {refunds.map((refund) => (
            <li key={refund.id} className="py-2 border-top">
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">
                  {formatMoney(refund.amount, refund.currency)}
                  {refund.status !== 'succeeded' && (
                    <span
                      className={`badge ms-2 ${refund.status === 'pending' ? 'text-bg-warning' : 'text-bg-danger'}`}
                      data-testid="refund-status"
                    >
                      {refund.status === 'pending' ? 'Pending' : 'Failed'}
                    </span>
                  )}
                </span>
                <span className="small text-body-secondary">{when(refund.created_at)}</span>
              </div>
              {refund.reason && <div className="small">{refund.reason}</div>}
              {refund.status === 'succeeded' && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => onReceipt(refund.id)}
                  data-testid="refund-receipt-pdf"
                >
                  Refund receipt (PDF)
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

const PENDING_KIND = { refund: 'A refund', capture: 'A capture', void: 'A void' } as const;

/**
 * Refunds, captures and voids the payment service has not confirmed yet: counted as done until they
 * settle (automatically), so the merchant does not send them again.
 */
export function PendingAtProcessor({ pending }: { pending: TransactionDetail['pending_at_processor'] }) {
  if (pending.length === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="pending-at-processor">
      <ul className="list-unstyled mb-0">
        {pending.map((p) => (
          <li key={p.id}>
            {PENDING_KIND[p.kind]}
            {p.kind === 'void' ? '' : ` of ${formatMoney(p.amount, p.currency)}`} sent on {when(p.created_at)} is
            pending at the payment service. Kassa settles it automatically; do not send it again.
          </li>
        ))}
      </ul>
    </div>
  );
}
