// Adyen's standard webhooks for one merchant connection. Every item must carry a valid HMAC
// signature made with the connection's key (checked with the SDK's validator) or the whole message
// is refused. Each event acts once however often Adyen delivers it (pspReference + eventCode):
// AUTHORISATION settles a payment still waiting (an answer lost on the way, a 3-D Secure buyer who
// never came back), RECURRING_CONTRACT keeps the card such a payment stored, failed modifications and disputes go on the payment's timeline, and a dispute
// marks the payment and tells the merchant's owners by e-mail.

import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import { formatMoney } from '@kassa/contract/money';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { ADYEN_PROVIDER_ID, adyenCredentialsProblem } from '../../payments/adyen/adyen-client.ts';
import { adyenSdk } from '../../payments/adyen/adyen-sdk.ts';
import { adyenDecline } from '../../payments/adyen/refusal-messages.ts';
import type { PaymentResult } from '../../payments/provider.ts';
import { addTimelineEntry, settlePayment } from '../charges/charge.service.ts';
import { openCredentials, processorFor } from '../connections/connections.service.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { keepSavedCard, vaultCustomer } from '../payment-methods/payment-methods.service.ts';
import {
  findConnectionForWebhook,
  findMerchantOwnerEmails,
  findPaymentByProcessorReference,
  findPaymentOfConnection,
  markDisputed,
  recordWebhookEvent,
} from './processor-webhooks.queries.ts';

type ConnectionRow = NonNullable<Awaited<ReturnType<typeof findConnectionForWebhook>>>;
type TransactionRow = NonNullable<Awaited<ReturnType<typeof findPaymentByProcessorReference>>>;

export interface AdyenNotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference?: string;
  amount: { currency: string; value: number };
  eventCode: string;
  success: 'true' | 'false';
  reason?: string;
  additionalData?: Record<string, string>;
  [field: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DISPUTE_EVENTS = new Set(['NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK', 'SECOND_CHARGEBACK', 'PREARBITRATION_WON']);
const OPENS_DISPUTE = new Set(['NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK', 'SECOND_CHARGEBACK']);

export async function receiveAdyenNotifications(
  ctx: AppContext,
  connectionId: string,
  items: readonly AdyenNotificationItem[],
): Promise<void> {
  const connection = UUID.test(connectionId) ? await findConnectionForWebhook(ctx.db, connectionId) : undefined;
  if (!connection || connection.provider !== ADYEN_PROVIDER_ID) throw notFound('This webhook endpoint does not exist.');
  const credentials = openCredentials(ctx.keys, connection.merchantId, connection.id, connection.credentials);
  if (adyenCredentialsProblem(credentials)) {
    throw new AppError('business_rule', 'This Adyen connection has no usable HMAC key.');
  }
  const validator = new (adyenSdk().hmacValidator)();
  // All or nothing: a message with one forged item is not Adyen's.
  for (const item of items) {
    let valid = false;
    try {
      valid = validator.validateHMAC(item as never, credentials.hmac_key!.trim());
    } catch {
      valid = false;
    }
    if (!valid) throw new AppError('unauthorized', 'The notification signature is not valid.');
  }
  const merchantAccount = credentials.merchant_account!.trim();
  for (const item of items) {
    // Signed by the same key but for another merchant account of the company: not this connection's.
    if (item.merchantAccountCode !== merchantAccount) continue;
    await applyItem(ctx, connection, item);
  }
}

async function applyItem(ctx: AppContext, connection: ConnectionRow, item: AdyenNotificationItem) {
  const eventKey = `${item.pspReference}:${item.eventCode}`;
  /** Records that this notification was handled (false when it was already); one row per event. */
  const recordEvent = (db: DbOrTx, tx: { id: string } | undefined) =>
    recordWebhookEvent(db, {
      provider: ADYEN_PROVIDER_ID,
      connectionId: connection.id,
      eventKey,
      transactionId: tx?.id ?? null,
    });
  const succeeded = item.success === 'true';
  if (item.eventCode === 'AUTHORISATION') {
    const tx =
      item.merchantReference && UUID.test(item.merchantReference)
        ? await findPaymentOfConnection(ctx.db, connection.id, item.merchantReference)
        : undefined;
    // Settling is idempotent (a decided payment is left as it is), so it runs before the event is
    // recorded: a crash in between makes Adyen deliver again instead of losing the answer.
    if (tx) await settleAuthorisation(ctx, tx, item, succeeded);
    await recordEvent(ctx.db, tx);
    return;
  }
  if (item.eventCode === 'RECURRING_CONTRACT') {
    const tx =
      item.merchantReference && UUID.test(item.merchantReference)
        ? await findPaymentOfConnection(ctx.db, connection.id, item.merchantReference)
        : undefined;
    // Keeping the card is idempotent (one card per customer, processor and fingerprint; one link per
    // payment), so, like AUTHORISATION, it runs before the event is recorded.
    if (tx && succeeded) await keepStoredToken(ctx, tx, item.pspReference);
    await recordEvent(ctx.db, tx);
    return;
  }
  const paymentReference = item.originalReference || item.pspReference;
  const tx = await findPaymentByProcessorReference(ctx.db, connection.id, paymentReference);
  const timeline = timelineEntry(item, succeeded);
  if (!tx || !timeline) {
    await recordEvent(ctx.db, tx);
    return;
  }
  const newlyDisputed = await ctx.db.transaction(async (db) => {
    const first = await recordEvent(db, tx);
    if (!first) return false;
    await addTimelineEntry(db, { transactionId: tx.id, status: tx.status, amount: item.amount.value, ...timeline });
    return OPENS_DISPUTE.has(item.eventCode) ? markDisputed(db, tx.id, ctx.clock.now()) : false;
  });
  if (newlyDisputed) await mailDispute(ctx, tx, item);
}

async function settleAuthorisation(
  ctx: AppContext,
  tx: TransactionRow,
  item: AdyenNotificationItem,
  succeeded: boolean,
) {
  if (tx.status === 'processing' || tx.status === 'buyer_approval_pending') {
    const amount = item.amount.value;
    const result: PaymentResult = !succeeded
      ? adyenDecline(item.pspReference, item.reason, item.additionalData?.refusalReasonRaw)
      : tx.intent === 'capture'
        ? {
            status: 'capture_succeeded',
            providerReference: item.pspReference,
            authorizedAmount: amount,
            capturedAmount: amount,
          }
        : {
            status: 'authorization_succeeded',
            providerReference: item.pspReference,
            authorizedAmount: amount,
            capturedAmount: 0,
          };
    await settlePayment(ctx, tx.id, result);
    return;
  }
  if (succeeded && tx.status === 'authorization_failed') {
    // Adyen holds money for a payment Kassa recorded as failed: the merchant must release it.
    await ctx.db.transaction(async (db) => {
      if (
        !(await recordWebhookEvent(db, {
          provider: ADYEN_PROVIDER_ID,
          connectionId: tx.providerConnectionId!,
          eventKey: `${item.pspReference}:AUTHORISATION:late`,
          transactionId: tx.id,
        }))
      )
        return;
      await addTimelineEntry(db, {
        transactionId: tx.id,
        type: 'late_authorisation',
        status: tx.status,
        amount: item.amount.value,
        message: `Adyen authorised this payment (${item.pspReference}) after Kassa recorded it as failed: cancel it in the Adyen Customer Area.`,
      });
    });
  }
}

/**
 * The card Adyen stored with a payment the buyer agreed to keep it for, from its RECURRING_CONTRACT
 * webhook (docs.adyen.com "Tokenization": pspReference is the new token, merchantReference the payment's).
 * It is how the card reaches Kassa when the payment's own answer was lost on the way: the details
 * Kassa shows (brand, last 4, expiry, alias) come from the shopper's stored payment methods.
 */
async function keepStoredToken(ctx: AppContext, tx: TransactionRow, token: string) {
  if (!tx.saveConsent || !tx.customerId || tx.paymentMethodId || tx.status === 'authorization_failed') return;
  const customer = await findCustomerById(ctx.db, tx.customerId);
  if (!customer || customer.deletedAt) return;
  const provider = await processorFor(ctx, tx);
  const card = await provider.findSavedCard?.({ customer: vaultCustomer(customer), token });
  if (!card) return;
  const cardId = await keepSavedCard(ctx, tx, card);
  if (!cardId) return;
  await addTimelineEntry(ctx.db, {
    transactionId: tx.id,
    type: 'card_saved',
    status: tx.status,
    message: 'The buyer’s card was saved for future payments, as they agreed (Adyen’s RECURRING_CONTRACT webhook).',
  });
}

/**
 * The refund and capture events that can report a failure: REFUND and CAPTURE when Adyen refused the
 * modification outright (success "false"), REFUND_FAILED and CAPTURE_FAILED when it accepted it and
 * failed later.
 */
const MODIFICATION_EVENTS: Record<string, { modification: 'refund' | 'capture'; failedLater: boolean }> = {
  REFUND: { modification: 'refund', failedLater: false },
  REFUND_FAILED: { modification: 'refund', failedLater: true },
  CAPTURE: { modification: 'capture', failedLater: false },
  CAPTURE_FAILED: { modification: 'capture', failedLater: true },
};

function timelineEntry(item: AdyenNotificationItem, succeeded: boolean): { type: string; message: string } | null {
  const reason = item.reason ? ` Reason: ${item.reason}.` : '';
  const event = MODIFICATION_EVENTS[item.eventCode];
  if (event) {
    if (succeeded && !event.failedLater) return null;
    const what = event.failedLater ? 'could not complete' : 'refused';
    return {
      type: `${event.modification}_failed`,
      message: `Adyen ${what} the ${event.modification} ${item.pspReference}.${reason}`,
    };
  }
  switch (item.eventCode) {
    case 'CANCELLATION':
      return succeeded ? null : { type: 'void_failed', message: `Adyen refused the cancellation.${reason}` };
    default:
      if (!DISPUTE_EVENTS.has(item.eventCode)) return null;
      return {
        type:
          item.eventCode === 'NOTIFICATION_OF_CHARGEBACK'
            ? 'dispute_opened'
            : item.eventCode === 'PREARBITRATION_WON'
              ? 'dispute_won'
              : 'chargeback',
        message: `${item.eventCode === 'NOTIFICATION_OF_CHARGEBACK' ? 'The buyer’s bank opened a dispute' : 'Chargeback'} (reason code ${item.additionalData?.chargebackReasonCode ?? 'unknown'}).${reason}`,
      };
  }
}

async function mailDispute(ctx: AppContext, tx: TransactionRow, item: AdyenNotificationItem) {
  for (const { email: to, locale: language } of await findMerchantOwnerEmails(ctx.db, tx.merchantId)) {
    const { locale, t } = emailTranslator(language);
    const amount = formatMoney(item.amount.value, item.amount.currency, locale);
    // The dispute is recorded; a mail server down loses this e-mail (never sends it twice) rather
    // than making Adyen redeliver an event that will not act again.
    await ctx.mailer
      .send({
        to,
        subject: t('adyenDispute.subject', { amount }),
        ...mailLines([
          t('adyenDispute.intro', { id: tx.id, amount, reference: item.originalReference ?? item.pspReference }),
          '',
          t('adyenDispute.reason', {
            code: item.additionalData?.chargebackReasonCode ?? t('adyenDispute.unknown'),
          }),
          '',
          t('adyenDispute.closing'),
        ]),
      })
      .catch(() => undefined);
  }
}
