// The audit entry of a payment's decision: the system's own action (no actor), with the amount moved.
import type { AuditRecord } from '../audit/audit.service.ts';
import type { TransactionRow } from './charge.queries.ts';

type PaymentAction = 'payment.captured' | 'payment.authorized' | 'payment.declined' | 'payment.reconciled';

export const paymentAudit = (
  tx: Pick<TransactionRow, 'merchantId' | 'id' | 'amount' | 'currency' | 'status' | 'method'>,
  action: PaymentAction,
): AuditRecord => ({
  actor: null,
  merchantId: tx.merchantId,
  action,
  entityType: 'transaction',
  entityId: tx.id,
  amount: tx.amount,
  currency: tx.currency,
  data: { status: tx.status, method: tx.method },
});
