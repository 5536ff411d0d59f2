// Transaction detail: amounts, status, card, buyer and billing address, the event timeline, refunds,
// and the Refund, Capture and Void buttons for users the server lets refund, while the payment allows
// them; an authorization shows when it lapses. A master merchant reads its sub-merchants' payments
// but refunds only its own (docs/ARCHITECTURE.md: read-only).
import { isAdminRole } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import type { TransactionDetail } from '@kassa/contract/transactions';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { mayRefund } from '../../lib/app-access.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { useAccessSubject } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useTransaction } from './api/transactions-api.ts';
import { AuthorizationExpiry } from './components/authorization-expiry.tsx';
import { type AuthorizationAction, CaptureVoidDialog } from './components/capture-void-dialog.tsx';
import { RefundDialog } from './components/refund-dialog.tsx';
import {
  BuyerCard,
  PaymentCard,
  PendingAtProcessor,
  RefundsCard,
  TimelineCard,
  when,
} from './components/transaction-detail-cards.tsx';
import { DisputedBadge, TransactionStatusBadge } from './components/transaction-status.tsx';
import { downloadPdf, receiptPdfPath } from './pdf-download.ts';
import './transactions.css';

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

/** Payments that took money have a receipt. */
const HAS_RECEIPT = ['capture_succeeded', 'partially_refunded', 'refunded'];

export function TransactionDetailPage() {
  const { id } = useParams();
  const { t, locale } = usePortalI18n();
  const isAdmin = isAdminRole(useSessionSelector((s) => s.auth.user?.role ?? 0));
  const { data: tx, error, isLoading, mutate } = useTransaction(id, isAdmin);
  const mayAct = useMayActOn(tx);
  const canRefund = mayAct && (tx?.refundable_amount ?? 0) > 0;
  const canCapture = mayAct && (tx?.capturable_amount ?? 0) > 0;
  const [refunding, setRefunding] = useState(false);
  const [authorizationAction, setAuthorizationAction] = useState<AuthorizationAction | null>(null);

  if (error && !tx)
    return <ListError error={error} onRetry={() => mutate()} fallback={t('transactions.detail.loadFailed')} />;
  if (isLoading || !tx) return <PageSpinner />;
  const money = (amount: number) => formatMoney(amount, tx.currency, locale);

  return (
    <>
      <p className="mb-2">
        <Link to={PATHS.transactions}>{t('transactions.detail.back')}</Link>
      </p>
      <PageHeader
        title={t('transactions.detail.title')}
        description={tx.description ?? undefined}
        actions={
          <>
            {canCapture && (
              <>
                <Button onClick={() => setAuthorizationAction('capture')} data-testid="capture-open">
                  {t('transactions.detail.capture')}
                </Button>
                <Button variant="outline-danger" onClick={() => setAuthorizationAction('void')} data-testid="void-open">
                  {t('transactions.void.button')}
                </Button>
              </>
            )}
            {HAS_RECEIPT.includes(tx.status) && (
              <Button
                variant="outline-secondary"
                onClick={() =>
                  void downloadPdf(
                    receiptPdfPath(tx.id),
                    `receipt-${tx.id.slice(0, 8)}.pdf`,
                    t('transactions.detail.pdfFailed'),
                  )
                }
                data-testid="receipt-pdf"
              >
                {t('transactions.detail.receipt')}
              </Button>
            )}
            {canRefund && (
              <Button variant="outline-danger" onClick={() => setRefunding(true)} data-testid="refund-open">
                {t('transactions.detail.refund')}
              </Button>
            )}
          </>
        }
      />
      {tx.authorization_expires_at && (
        <AuthorizationExpiry expiresAt={tx.authorization_expires_at} amount={money(tx.capturable_amount)} />
      )}
      <PendingAtProcessor pending={tx.pending_at_processor} />
      {tx.disputed_at && (
        <div className="alert alert-danger" role="status" data-testid="dispute-notice">
          {t('transactions.detail.dispute', { when: when(tx.disputed_at, locale) })}
        </div>
      )}
      <Card className="mb-3">
        <Card.Body className="d-flex flex-wrap align-items-center gap-3">
          <span className="amount-hero" data-testid="detail-amount">
            {money(tx.amount)}
          </span>
          <TransactionStatusBadge status={tx.status} />
          <DisputedBadge disputedAt={tx.disputed_at} />
          <span className="text-body-secondary ms-md-auto small text-break">{tx.id}</span>
        </Card.Body>
      </Card>

      <div className="detail-grid mb-3">
        <PaymentCard transaction={tx} isAdmin={isAdmin} />
        <BuyerCard transaction={tx} />
      </div>

      <div className="detail-grid">
        <TimelineCard transaction={tx} />
        <RefundsCard
          refunds={tx.refunds}
          onReceipt={(refundId) =>
            void downloadPdf(receiptPdfPath(tx.id, refundId), 'refund-receipt.pdf', t('transactions.detail.pdfFailed'))
          }
        />
      </div>

      {authorizationAction && (
        <CaptureVoidDialog
          action={authorizationAction}
          transaction={tx}
          onClose={() => setAuthorizationAction(null)}
          onDone={(updated) => {
            setAuthorizationAction(null);
            void mutate(updated, { revalidate: false });
          }}
        />
      )}
      {refunding && (
        <RefundDialog
          transaction={tx}
          onClose={() => setRefunding(false)}
          onDone={(updated) => {
            setRefunding(false);
            void mutate(updated, { revalidate: false });
          }}
        />
      )}
    </>
  );
}
