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
            {HAS_RECEIPT.includes(t.status) && (
              <Button
                variant="outline-secondary"
                onClick={() => void downloadPdf(receiptPdfPath(t.id), `receipt-${t.id.slice(0, 8)}.pdf`)}
                data-testid="receipt-pdf"
              >
                Receipt (PDF)
              </Button>
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
      <PendingAtProcessor pending={t.pending_at_processor} />
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
        <PaymentCard transaction={t} isAdmin={isAdmin} />
        <BuyerCard transaction={t} />
      </div>

      <div className="detail-grid">
        <TimelineCard transaction={t} />
        <RefundsCard
          refunds={t.refunds}
          onReceipt={(refundId) => void downloadPdf(receiptPdfPath(t.id, refundId), 'refund-receipt.pdf')}
        />
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
          onDone={(updated) => {
            setRefunding(false);
            void mutate(updated, { revalidate: false });
          }}
        />
      )}
    </>
  );
}
