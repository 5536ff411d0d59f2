// A merchant-initiated charge of a customer's saved card (portal "Charge card", the Virtual Terminal's
// "Saved card" tab, POST /customer/{id}/charge/ with an API key holding payments:write). It is a checkout
// the merchant opens and pays at once: the same three steps, guards and Idempotency-Key as the buyer's
// (charge.service.ts), with the initiator `merchant` — Stripe off_session, Adyen ContAuth
// (docs/decisions/0023-saved-cards-live-at-the-processor.md).
import { createHash } from 'node:crypto';
import type { customerChargeBody } from '@kassa/contract/saved-cards';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { countAttemptPath } from '../../observability/metrics.ts';
import type { CheckoutClaims, CheckoutSessionFacts } from '../checkout/checkout.service.ts';
import { CHECKOUT_SESSION_TTL_MS } from '../checkout/checkout.service.ts';
import { type CustomerToCharge, findCustomerToCharge, requireCustomer } from '../customers/customers.service.ts';
import { type CardAsRead, requireCustomerAndCardToCharge } from '../payment-methods/payment-methods.service.ts';
import { type ChargeAudit, type ChargeKey, chargeCheckout } from './charge.service.ts';
import { insertAttemptsTogether } from './fast-attempt.queries.ts';
import { attemptAsSeen, type DecidedAttempt, recordedFrom } from './fast-attempt.ts';
import { findPaymentStanding, type PaymentStanding } from './merchant-standing.queries.ts';
import type { InvoiceAsRead, RecordedAttempt } from './record-attempt.ts';
import { keepStanding } from './seen-standing.ts';

export type { RecordedAttempt } from './record-attempt.ts';

export type CustomerCharge = z.output<typeof customerChargeBody>;

/** The customer the caller may charge (Virtual Terminal `create`; an API key only in its own mode). */
export const requireChargeableCustomer = (ctx: AppContext, actor: Actor, customerId: string) =>
  requireCustomer(ctx, actor, customerId, 'create');

export async function chargeCustomerCard(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  body: CustomerCharge,
  key?: ChargeKey,
  /** The API-key request's audit entry, to commit with the outcome (chargeCheckout). */
  audit?: ChargeAudit,
) {
  // The customer, the country the charge is taken in and the card as it is now, in one read; the card is
  // locked (and, if it changed meanwhile, checked again) with the attempt (record-attempt.ts).
  const payer = await requireCustomerAndCardToCharge(ctx, actor, customerId, body.payment_method_id);
  const checkout = savedCardCheckout(ctx, payer, {
    sessionId: crypto.randomUUID(),
    kind: 'virtual_terminal',
    invoiceId: null,
    amount: body.amount,
    currency: body.currency,
    intent: body.authorize_only ? 'authorize' : 'capture',
    metadata: {},
    description: body.description ?? '',
    createdBy: actor.userId,
    cardId: body.payment_method_id,
  });
  return chargeCheckout(ctx, checkout.claims, checkout.input, key, {
    initiator: 'merchant',
    cardAsRead: payer.cardAsRead,
    audit,
  });
}

/**
 * A checkout the merchant opens for a charge of the customer's saved card and pays at once: its claims
 * (the session's facts, as a checkout token carries them) and the charge's input.
 */
function savedCardCheckout(
  ctx: AppContext,
  { customer, country }: CustomerToCharge,
  charge: Pick<CheckoutSessionFacts, 'kind' | 'invoiceId' | 'amount' | 'currency' | 'intent' | 'metadata'> & {
    sessionId: string;
    description: string;
    createdBy: string | null;
    cardId: string;
  },
) {
  const now = ctx.clock.now();
  const claims: CheckoutClaims = {
    sessionId: charge.sessionId,
    section: 'card',
    session: {
      merchantId: customer.merchantId,
      kind: charge.kind,
      productId: null,
      quickPaymentId: null,
      invoiceId: charge.invoiceId,
      quantity: 1,
      amount: charge.amount,
      currency: charge.currency,
      country,
      intent: charge.intent,
      buyerId: crypto.randomUUID(),
      customerId: customer.id,
      buyerReference: customer.reference,
      buyerReferenceTrusted: customer.reference !== null,
      store: false,
      metadata: charge.metadata,
      description: charge.description,
      createdBy: charge.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    },
  };
  const [first = customer.name, ...rest] = customer.name.split(' ');
  const billing = { firstName: first, lastName: rest.join(' '), emailAddress: customer.email ?? '' };
  const input = { token: charge.sessionId, method: 'card' as const, billing, payment_method_id: charge.cardId };
  return { claims, input };
}

/** What an invoice made by a recurring invoice charges to its customer's saved card. */
export interface InvoiceAutoCharge {
  invoiceId: string;
  invoiceNumber: string;
  merchantId: string;
  amount: number;
  currency: string;
  customerId: string;
  /** The customer as the caller read it already (customerToCharge), to save the charge a read. */
  customer?: CustomerToCharge;
  cardId: string;
}

/**
 * The checkout of an automatic invoice charge: one per invoice, its id derived from the invoice's, so
 * a second try finds the first's checkout (paid: refused; in progress: refused) and never charges twice.
 */
export function autoChargeSessionId(invoiceId: string): string {
  return uuidFrom(`recurring-invoice-charge:${invoiceId}`);
}

/**
 * The payment id of an invoice's automatic charge, derived from the invoice id: the processor's
 * idempotency key, so the charge asked again after a crash is answered with the first one's result
 * (docs/decisions/0024-renewals-exactly-once.md).
 */
export function autoChargePaymentId(invoiceId: string): string {
  return uuidFrom(`recurring-invoice-payment:${invoiceId}`);
}

const uuidFrom = (name: string) => {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Charges an invoice to the customer's saved card without the customer present: a merchant-initiated
 * payment on the template's schedule (Stripe off_session, Adyen ContAuth with Subscription, as
 * ask-processor.ts sends every merchant-initiated invoice charge). The invoice checkout marks the invoice paid;
 * a decline leaves it open, already e-mailed, for the customer to pay on its page.
 */
export function chargeInvoiceToSavedCard(ctx: AppContext, charge: InvoiceAutoCharge) {
  return chargeInvoiceOffSession(ctx, {
    ...charge,
    sessionId: autoChargeSessionId(charge.invoiceId),
    transactionId: autoChargePaymentId(charge.invoiceId),
    description: `Invoice ${charge.invoiceNumber}`,
    metadata: { invoice_id: charge.invoiceId },
  });
}

export interface InvoiceCardCharge {
  customerId: string;
  /** The customer as the caller read it already (customerToCharge), to save the charge a read. */
  customer?: CustomerToCharge;
  invoiceId: string;
  amount: number;
  currency: string;
  paymentMethodId: string;
  description: string;
  /** Derived from the invoice id and the try's number: the processor's idempotency key. */
  transactionId: string;
  /** The invoice and the card as the caller read them (a renewal's batch): the attempt may then be one statement. */
  asRead?: { invoice: InvoiceAsRead; card: CardAsRead };
}

/**
 * A subscription invoice charged to the customer's saved card without the buyer: a merchant-initiated
 * `Subscription` payment (Stripe off_session, Adyen recurringProcessingModel Subscription), through the
 * same three steps and guards as every payment — the invoice's one-live-payment index among them.
 */
export function chargeInvoiceWithSavedCard(ctx: AppContext, charge: InvoiceCardCharge) {
  return chargeInvoiceOffSession(ctx, {
    ...charge,
    cardId: charge.paymentMethodId,
    sessionId: crypto.randomUUID(),
    metadata: {},
  });
}

/** One invoice charge of a saved card, the customer absent, on a checkout made for it here. */
async function chargeInvoiceOffSession(
  ctx: AppContext,
  charge: {
    customerId: string;
    /** The customer as the caller read it already (saves a read); read here otherwise. */
    customer?: CustomerToCharge;
    invoiceId: string;
    amount: number;
    currency: string;
    cardId: string;
    description: string;
    metadata: Record<string, string>;
    sessionId: string;
    transactionId?: string;
    asRead?: { invoice: InvoiceAsRead; card: CardAsRead };
  },
) {
  const payer = charge.customer ?? (await findCustomerToCharge(ctx.db, charge.customerId));
  if (!payer) throw new Error(`customer ${charge.customerId} of invoice ${charge.invoiceId} is missing`);
  const checkout = savedCardCheckout(ctx, payer, {
    sessionId: charge.sessionId,
    kind: 'invoice',
    invoiceId: charge.invoiceId,
    amount: charge.amount,
    currency: charge.currency,
    intent: 'capture',
    metadata: charge.metadata,
    description: charge.description,
    createdBy: null,
    cardId: charge.cardId,
  });
  return chargeCheckout(ctx, checkout.claims, checkout.input, undefined, {
    initiator: 'merchant',
    transactionId: charge.transactionId,
    ...(charge.asRead ? { invoiceAsRead: charge.asRead.invoice, cardAsRead: charge.asRead.card } : {}),
  });
}

/** An invoice charge a batch of renewals records in its own transaction (recordInvoiceChargesIn). */
export interface InvoiceChargeToRecord {
  payer: CustomerToCharge;
  /** The invoice the transaction made (its number taken), paid whole. */
  invoice: InvoiceAsRead & { invoiceNumber: string; currency: string };
  /** The card the transaction read and locked FOR SHARE, with its customer. */
  card: CardAsRead;
  /** Derived from the invoice id and the try's number: the processor's idempotency key. */
  transactionId: string;
}

/**
 * A batch's invoice charges' attempts, recorded in the caller's transaction — the one that made the
 * invoices — in one statement, so that they commit with it: the merchants' standings read there, each
 * attempt decided as the one-statement path decides (fast-attempt.ts), nothing checked again since the
 * transaction holds what it read. Steps 2 and 3 follow after the commit (charge.service.ts chargeRecorded). An
 * invoice whose charge that path would not take (anti-fraud, a card it would refuse, a merchant that
 * may not sell) is left out, to be charged on its own after the commit (chargeInvoiceWithSavedCard).
 */
export async function recordInvoiceChargesIn(
  ctx: AppContext,
  db: DbOrTx,
  charges: InvoiceChargeToRecord[],
): Promise<Map<string, RecordedAttempt>> {
  const now = ctx.clock.now();
  const standings = new Map<string, PaymentStanding | undefined>();
  const decided: DecidedAttempt[] = [];
  for (const charge of charges) {
    const merchantId = charge.payer.customer.merchantId;
    if (!standings.has(merchantId)) {
      const standing = await findPaymentStanding(db, merchantId, crypto.randomUUID(), null);
      if (standing) keepStanding(ctx.database, merchantId, standing);
      standings.set(merchantId, standing);
    }
    const standing = standings.get(merchantId);
    if (!standing) continue;
    const checkout = savedCardCheckout(ctx, charge.payer, {
      sessionId: crypto.randomUUID(),
      kind: 'invoice',
      invoiceId: charge.invoice.id,
      amount: charge.invoice.totalAmount,
      currency: charge.invoice.currency,
      intent: 'capture',
      metadata: {},
      description: `Invoice ${charge.invoice.invoiceNumber}`,
      createdBy: null,
      cardId: charge.card.card.id,
    });
    const attempt = attemptAsSeen(
      ctx,
      {
        claims: checkout.claims,
        body: checkout.input,
        now,
        initiator: 'merchant',
        transactionId: charge.transactionId,
        cardAsRead: charge.card,
        invoiceAsRead: charge.invoice,
      },
      standing,
    );
    if (attempt !== 'locked') decided.push(attempt);
  }
  if (decided.length === 0) return new Map();
  const rows = await insertAttemptsTogether(
    db,
    decided.map(({ session: { billing, status, ...session }, tx, second }) => ({
      session,
      tx,
      ...(second ? { second } : {}),
    })),
  );
  countAttemptPath('in_batch', rows.length);
  return new Map(
    rows.map((row, i) => [row.invoiceId!, recordedFrom(decided[i]!, row, standings.get(row.merchantId)!)]),
  );
}
