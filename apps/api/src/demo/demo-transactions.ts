// ~200 transactions per demo merchant over the last 90 days, with the event timeline, refunds and
// audit rows a real history would have (docs/ARCHITECTURE.md "Payments"). Cards keep brand, last 4, expiry
// and a keyed fingerprint only — there is no full card number anywhere in the demo, not even here.

import { createHmac } from 'node:crypto';
import { ROLE } from '@kassa/contract/access';
import { lineTotal } from '@kassa/contract/money';
import type { auditLog, refunds, transactionEvents, transactions } from '../db/schema.ts';
import { randomPerson } from './demo-people.ts';
import { demoUuid, type Random, seededRandom } from './random.ts';

type TxRow = typeof transactions.$inferInsert & { id: string; amount: number; createdAt: Date };
type EventRow = typeof transactionEvents.$inferInsert;
type RefundRow = typeof refunds.$inferInsert;
type AuditRow = typeof auditLog.$inferInsert;
type Status = NonNullable<TxRow['status']>;

export interface DemoActivity {
  transactions: TxRow[];
  events: EventRow[];
  refunds: RefundRow[];
  audit: AuditRow[];
}

export interface TransactionInput {
  key: string;
  merchantId: string;
  ownerUserId: string;
  count: number;
  now: Date;
  fingerprintKey: Buffer;
  products: { id: string; name: string; price: number }[];
  quickPayments: { id: string; name: string; amount: number }[];
  paidInvoices: {
    id: string;
    invoiceNumber: string;
    totalAmount: number;
    paidAt: Date;
    paidTransactionId: string;
    customer: { firstName: string; lastName: string; email: string };
  }[];
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const BRANDS = ['visa', 'visa', 'visa', 'visa', 'visa', 'mastercard', 'mastercard', 'mastercard', 'amex', 'discover'];
const DECLINES = ['Card declined', 'Insufficient funds'];
const REFUND_REASONS = ['Customer request', 'Item returned', 'Damaged in shipping', 'Duplicate order'];
const REF_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const reference = (random: Random) =>
  `sbx_${Array.from({ length: 20 }, () => REF_ALPHABET[random.int(0, REF_ALPHABET.length - 1)]).join('')}`;

/**
 * What happens to one payment; the weights give mostly captures, some declines and refunds. Waiting
 * for the buyer's approval is not among them: a real approval is answered or abandoned within
 * minutes, so a month of them looks like payments stuck; each merchant shows one.
 */
function outcome(random: Random, method: 'card' | 'wallet'): Status {
  const r = random.next();
  if (method === 'wallet') return r < 0.06 ? 'authorization_failed' : r < 0.12 ? 'refunded' : 'capture_succeeded';
  if (r < 0.08) return 'authorization_failed';
  if (r < 0.13) return 'refunded';
  if (r < 0.19) return 'partially_refunded';
  return 'capture_succeeded';
}

export function demoTransactions(input: TransactionInput): DemoActivity {
  const random = seededRandom(`${input.key}:transactions`);
  const out: DemoActivity = { transactions: [], events: [], refunds: [], audit: [] };
  const latest = input.now.getTime() - 5 * MINUTE;
  const span = 89 * DAY;

  const add = (
    id: string,
    base: Omit<TxRow, 'id' | 'merchantId' | 'status' | 'method' | 'createdAt' | 'updatedAt' | 'currency'>,
    status: Status,
    method: 'card' | 'wallet',
    at: number,
  ) => {
    const person = randomPerson(random);
    const buyer = {
      firstName: base.buyerFirstName ?? person.firstName,
      lastName: base.buyerLastName ?? person.lastName,
      email: base.buyerEmail ?? person.email,
    };
    const brand = random.pick(BRANDS);
    const last4 = String(random.int(0, 9999)).padStart(4, '0');
    const card =
      method === 'card'
        ? {
            cardBrand: brand,
            cardLast4: last4,
            cardExpMonth: random.int(1, 12),
            cardExpYear: input.now.getUTCFullYear() + random.int(1, 5),
            // base64url, not hex: a long hex string could hold a 13–19 digit run that a PAN scanner flags.
            cardFingerprint: createHmac('sha256', input.fingerprintKey)
              .update(`demo:${buyer.email}:${brand}:${last4}`)
              .digest('base64url'),
          }
        : {};
    const tx: TxRow = {
      ...base,
      ...card,
      id,
      merchantId: input.merchantId,
      currency: 'USD',
      method,
      status,
      provider: 'sandbox',
      providerReference: reference(random),
      buyerId: demoUuid(`buyer:${buyer.email}`),
      buyerFirstName: buyer.firstName,
      buyerLastName: buyer.lastName,
      buyerEmail: buyer.email,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    };
    timeline(random, input, tx, out, latest);
    out.transactions.push(tx);
  };

  for (const inv of input.paidInvoices) {
    const { firstName, lastName, email } = inv.customer;
    const base = {
      source: 'invoice' as const,
      invoiceId: inv.id,
      amount: inv.totalAmount,
      description: `Invoice ${inv.invoiceNumber}`,
    };
    add(
      inv.paidTransactionId,
      { ...base, buyerFirstName: firstName, buyerLastName: lastName, buyerEmail: email },
      'capture_succeeded',
      'card',
      inv.paidAt.getTime(),
    );
  }
  for (let i = out.transactions.length; i < input.count; i++) {
    const method = random.chance(0.85) ? 'card' : 'wallet';
    const status = i === input.count - 1 ? 'buyer_approval_pending' : outcome(random, method);
    // The payment still waiting for the buyer's approval is recent; the rest spread over 90 days.
    const at = status === 'buyer_approval_pending' ? latest - random.int(0, 2 * DAY) : latest - random.int(0, span);
    const kind = random.next();
    const base =
      kind < 0.6 && input.products.length > 0
        ? (() => {
            const p = random.pick(input.products);
            const quantity = random.int(1, 3);
            return {
              source: 'product' as const,
              productId: p.id,
              amount: lineTotal(quantity, p.price),
              description: `${p.name} × ${quantity}`,
            };
          })()
        : kind < 0.85 && input.quickPayments.length > 0
          ? (() => {
              const q = random.pick(input.quickPayments);
              return { source: 'quick_payment' as const, quickPaymentId: q.id, amount: q.amount, description: q.name };
            })()
          : {
              source: 'virtual_terminal' as const,
              amount: random.int(10, 600) * 100 + random.pick([0, 50, 99]),
              description: 'Phone order',
            };
    add(demoUuid(`${input.key}:tx:${i}`), base, status, method === 'wallet' ? 'wallet' : 'card', at);
  }
  return out;
}

/** Fills in amounts, the event per status change, and refunds with their audit rows. */
function timeline(random: Random, input: TransactionInput, tx: TxRow, out: DemoActivity, latest: number) {
  let t = tx.createdAt.getTime();
  let n = 0;
  const event = (type: string, status: string, amount: number | null, message: string | null, actor?: string) => {
    out.events.push({
      id: demoUuid(`${tx.id}:event:${n++}`),
      transactionId: tx.id,
      type,
      status,
      amount,
      message,
      actorUserId: actor ?? null,
      createdAt: new Date(t),
    });
  };
  const step = (ms: number) => {
    t = Math.min(t + ms, latest);
  };
  event('created', 'processing', tx.amount, null);
  step(random.int(1, 4) * 1000);
  if (tx.status === 'authorization_failed') {
    tx.failureReason = tx.method === 'card' ? random.pick(DECLINES) : 'Declined by the buyer';
    event('declined', 'authorization_failed', null, tx.failureReason);
  } else if (tx.status === 'buyer_approval_pending') {
    event('approval_requested', 'buyer_approval_pending', null, 'Waiting for the buyer to approve');
  } else {
    // Same timeline as charges/settle-payment.ts: a wallet payment waits for the buyer's approval first.
    if (tx.method === 'wallet') {
      event('approval_requested', 'buyer_approval_pending', null, 'Waiting for the buyer to approve');
      step(random.int(20, 180) * 1000);
    }
    event('captured', 'capture_succeeded', tx.amount, null);
    tx.capturedAmount = tx.amount;
    tx.notificationSentAt = new Date(t);
    const refundParts =
      tx.status === 'refunded'
        ? [tx.amount]
        : tx.status === 'partially_refunded'
          ? [Math.max(1, Math.floor((tx.amount * random.int(20, 60)) / 100))]
          : [];
    let refunded = 0;
    for (const [k, amount] of refundParts.entries()) {
      step(random.int(1, 240) * 60 * MINUTE);
      refunded += amount;
      const status = refunded >= tx.amount ? 'refunded' : 'partially_refunded';
      const refundId = demoUuid(`${tx.id}:refund:${k}`);
      const reason = random.pick(REFUND_REASONS);
      out.refunds.push({
        id: refundId,
        transactionId: tx.id,
        merchantId: tx.merchantId,
        amount,
        currency: tx.currency,
        reason,
        status: 'succeeded',
        providerReference: reference(random),
        createdBy: input.ownerUserId,
        createdAt: new Date(t),
      });
      event('refunded', status, amount, reason, input.ownerUserId);
      out.audit.push({
        id: demoUuid(`${refundId}:audit`),
        actorUserId: input.ownerUserId,
        actorRole: ROLE.MERCHANT_OWNER,
        merchantId: tx.merchantId,
        action: 'transaction.refund',
        entityType: 'transaction',
        entityId: tx.id,
        amount,
        currency: tx.currency,
        data: { refund_id: refundId, reason },
        createdAt: new Date(t),
      });
    }
    tx.refundedAmount = refunded;
  }
  tx.updatedAt = new Date(t);
}
