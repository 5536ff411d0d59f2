// The cards of the transaction detail page: the payment, the buyer, the event timeline and the refunds.
import type { Locale } from '@kassa/contract/i18n/locales';
import { formatMoney } from '@kassa/contract/money';
import type { TransactionDetail } from '@kassa/contract/transactions';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { declineReason } from '../../../lib/api-error-text.ts';
import { fraudDecisionLabel, fraudReasonText, transactionSourceLabel } from '../../../lib/contract-texts.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { methodLabel, methodText } from './payment-method-text.ts';
import { statusLabel } from './transaction-status.tsx';

// With seconds (the contract's formatMoment has minutes): a payment's events often fall in one minute.
const formats = new Map<string, Intl.DateTimeFormat>();
/** A moment on the detail page in the reader's language and zone, to the second. */
export function when(iso: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}

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

export function PaymentCard({ transaction: tx, isAdmin }: { transaction: TransactionDetail; isAdmin: boolean }) {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
  const money = (amount: number) => formatMoney(amount, tx.currency, locale);
  return (
    <DetailCard title={t('transactions.detail.payment')}>
      <dl className="detail-list mb-0">
        <Row label={t('transactions.column.date')}>{when(tx.created_at, locale)}</Row>
        {isAdmin && <Row label={t('transactions.column.merchant')}>{tx.merchant_name}</Row>}
        <Row label={t('transactions.column.method')}>{methodLabel(tx.method, t)}</Row>
        {tx.card_last4 && (
          <Row label={t('transactions.detail.card')} testId="detail-card">
            {methodText(tx.method, tx.card_brand, tx.card_last4, t)}
            {tx.card_exp_month && tx.card_exp_year
              ? t('transactions.detail.cardExpires', {
                  expiry: `${String(tx.card_exp_month).padStart(2, '0')}/${String(tx.card_exp_year).slice(-2)}`,
                })
              : ''}
          </Row>
        )}
        <Row label={t('transactions.detail.captured')}>{money(tx.captured_amount)}</Row>
        <Row label={t('transactions.detail.refunded')} testId="detail-refunded">
          {money(tx.refunded_amount)}
        </Row>
        <Row label={t('transactions.detail.refundable')} testId="detail-refundable">
          {money(tx.refundable_amount)}
        </Row>
        {tx.gift_card_amount > 0 && <Row label={t('transactions.method.giftCard')}>{money(tx.gift_card_amount)}</Row>}
        <Row label={t('transactions.detail.source')}>{transactionSourceLabel(tx.source, t)}</Row>
        {tx.failure_reason && (
          <Row label={t('transactions.detail.failure')}>{declineReason(tx.failure_code, tx.failure_reason, i18n)}</Row>
        )}
        {tx.fraud_decision && (
          <Row label={t('transactions.detail.fraudCheck')}>
            {fraudDecisionLabel(tx.fraud_decision, t)}
            {tx.fraud_reasons?.length
              ? ` — ${tx.fraud_reasons.map((reason) => fraudReasonText(reason, t)).join(' ')}`
              : ''}
          </Row>
        )}
      </dl>
    </DetailCard>
  );
}

export function BuyerCard({ transaction: tx }: { transaction: TransactionDetail }) {
  const { t } = usePortalI18n();
  const buyer = `${tx.buyer_first_name} ${tx.buyer_last_name}`.trim();
  const address = tx.billing_address
    ? ADDRESS_ORDER.map((k) => tx.billing_address?.[k])
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <DetailCard title={t('transactions.column.buyer')}>
      <dl className="detail-list mb-0">
        <Row label={t('transactions.detail.name')} testId="detail-buyer">
          {buyer || '—'}
        </Row>
        <Row label={t('transactions.detail.email')}>{tx.buyer_email || '—'}</Row>
        <Row label={t('transactions.detail.billingAddress')}>{address || '—'}</Row>
      </dl>
    </DetailCard>
  );
}

export function TimelineCard({ transaction: tx }: { transaction: TransactionDetail }) {
  const { t, locale } = usePortalI18n();
  const money = (amount: number) => formatMoney(amount, tx.currency, locale);
  return (
    <DetailCard title={t('transactions.detail.timeline')}>
      <ol className="timeline" data-testid="detail-timeline">
        {tx.events.map((event) => (
          <li key={event.id}>
            <div className="fw-semibold">
              {statusLabel(event.status, t)}
              {event.amount !== null && ` · ${money(event.amount)}`}
            </div>
            {event.message && <div className="small">{event.message}</div>}
            <div className="small text-body-secondary">{when(event.created_at, locale)}</div>
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
  const { t, locale } = usePortalI18n();
  return (
    <DetailCard title={t('transactions.detail.refunds')}>
      {refunds.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('transactions.detail.noRefunds')}</p>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="detail-refunds">
          {refunds.map((refund) => (
            <li key={refund.id} className="py-2 border-top">
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">
                  {formatMoney(refund.amount, refund.currency, locale)}
                  {refund.status !== 'succeeded' && (
                    <span
                      className={`badge ms-2 ${refund.status === 'pending' ? 'text-bg-warning' : 'text-bg-danger'}`}
                      data-testid="refund-status"
                    >
                      {refund.status === 'pending' ? t('transactions.refund.pending') : t('transactions.refund.failed')}
                    </span>
                  )}
                </span>
                <span className="small text-body-secondary">{when(refund.created_at, locale)}</span>
              </div>
              {refund.reason && <div className="small">{refund.reason}</div>}
              {refund.status === 'succeeded' && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => onReceipt(refund.id)}
                  data-testid="refund-receipt-pdf"
                >
                  {t('transactions.detail.refundReceipt')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

/**
 * Refunds, captures and voids the payment service has not confirmed yet: counted as done until they
 * settle (automatically), so the merchant does not send them again.
 */
export function PendingAtProcessor({ pending }: { pending: TransactionDetail['pending_at_processor'] }) {
  const { t, locale } = usePortalI18n();
  if (pending.length === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="pending-at-processor">
      <ul className="list-unstyled mb-0">
        {pending.map((p) => (
          <li key={p.id}>
            {t('transactions.pending.text', {
              kind: p.kind,
              amount: formatMoney(p.amount, p.currency, locale),
              when: when(p.created_at, locale),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
