// The `processing` transaction an attempt inserts, from the checkout's facts, the buyer's input and what
// the attempt decided (where it goes, the saved card, the fraud check, the gift card part): one place,
// for the locked path (record-attempt.ts) and the one-statement path (fast-attempt.ts) alike.
import { buyerPagePath } from '@kassa/contract/buyer-pages';
import { hostedFieldsTranslator } from '@kassa/contract/i18n/hosted-fields-catalogue';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { PaymentInitiator } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import type { FraudAssessment } from '../../payments/anti-fraud-engine.ts';
import type { CheckoutClaims } from '../checkout/checkout.service.ts';
import type { paymentSetupOf } from '../connections/connections.service.ts';
import type { GiftCardHold } from '../gift-cards/gift-cards.service.ts';
import { cardLabel, type LockedSavedCard, type SaveConsent } from '../payment-methods/payment-methods.service.ts';
import type { NewTransaction } from './charge.queries.ts';
import type { CheckoutSessionRow } from './payment-locks.queries.ts';
import type { AttemptInput, AttemptVault } from './record-attempt.ts';

export type PaymentSetup = ReturnType<typeof paymentSetupOf>;

/** What the attempt decided besides where the payment goes; all null on the one-statement path. */
export interface AttemptParts {
  savedCard: LockedSavedCard | null;
  vault: AttemptVault | null;
  fraud: FraudAssessment | null;
  hold: GiftCardHold | null;
}

export function attemptValues(
  ctx: AppContext,
  input: AttemptInput,
  session: CheckoutSessionRow,
  setup: PaymentSetup,
  { savedCard, vault, fraud, hold }: AttemptParts,
): NewTransaction {
  const address = input.body.billing.address;
  return {
    ...(input.transactionId ? { id: input.transactionId } : {}),
    merchantId: session.merchantId,
    checkoutSessionId: session.id,
    source: session.kind,
    productId: session.productId,
    quickPaymentId: session.quickPaymentId,
    invoiceId: session.invoiceId,
    amount: session.amount,
    currency: session.currency,
    method: hold && hold.remainingDue === 0 ? 'gift_card' : input.body.method,
    status: 'processing',
    intent: session.intent,
    provider: setup.provider,
    providerConnectionId: setup.providerConnectionId,
    mode: setup.mode,
    giftCardAmount: hold?.applied ?? 0,
    fraudDecision: fraud?.decision ?? null,
    fraudReasons: fraud ? fraud.reasons.map((r) => r.message) : null,
    cardBrand: savedCard?.brand ?? input.summary?.brand ?? null,
    cardLast4: savedCard?.last4 ?? input.summary?.last4 ?? null,
    cardExpMonth: savedCard?.expMonth ?? input.summary?.expMonth ?? null,
    cardExpYear: savedCard?.expYear ?? input.summary?.expYear ?? null,
    // The processor's fingerprint of a saved card is not Kassa's keyed one: velocity checks count typed cards.
    cardFingerprint: input.summary?.fingerprint ?? null,
    buyerId: session.buyerId,
    buyerFirstName: input.body.billing.firstName,
    buyerLastName: input.body.billing.lastName,
    buyerEmail: input.body.billing.emailAddress,
    buyerLocale: input.body.buyerLocale ?? null,
    billingAddress: address
      ? {
          line1: address.line1,
          city: address.city,
          state: address.state,
          zipCode: address.zipCode,
          postalCode: address.postalCode,
          country: address.country,
        }
      : null,
    description: session.description,
    // Always given, null or not: the insert is a statement of fixed text (decision 0016).
    customerId: vault?.customer.customerId ?? session.customerId ?? null,
    paymentMethodId: savedCard?.id ?? null,
    initiator: savedCard ? input.initiator : null,
    saveConsent:
      vault && 'save' in vault
        ? consentOf(ctx, session, input.claims, input.now, input.body.buyerLocale ?? null, {
            shown: input.body.save_card_shown,
            page: input.body.save_card_page,
          })
        : null,
  };
}

/**
 * When the buyer agreed, on which page (its address), and the words they were shown: the hosted fields
 * show them in the language of the buyer's browser, the charge's Accept-Language (docs/i18n.md), and
 * the charge says which words (notice or checkbox) and, embedded, on which merchant's page.
 */
function consentOf(
  ctx: AppContext,
  session: CheckoutSessionRow,
  claims: CheckoutClaims,
  now: Date,
  buyerLocale: Locale | null,
  said: { shown?: 'notice' | 'checkbox' | undefined; page?: string | undefined },
): SaveConsent {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  // The merchant's own page, when the widget embedded the card fields there; else Kassa's checkout page.
  const embeddedIn = said.page && new URL(said.page).origin !== new URL(base).origin ? said.page : undefined;
  const kassaPage =
    session.productId !== null
      ? `${base}${buyerPagePath('product', session.productId)}`
      : session.quickPaymentId !== null
        ? `${base}${buyerPagePath('quick-payment', session.quickPaymentId)}`
        : session.invoiceId !== null
          ? `${base}${buyerPagePath('invoice-checkout', session.invoiceId)}`
          : 'Virtual Terminal';
  const page = embeddedIn ?? kassaPage;
  const { t } = hostedFieldsTranslator(buyerLocale);
  // The notice when the checkout fixed store `true`, or when the page says it showed that (the widget's own option).
  const notice = claims.session?.store === true || said.shown === 'notice';
  return { at: now.toISOString(), page, text: t(notice ? 'save.notice' : 'save.consent') };
}

/** The timeline line after `created` for a saved-card payment: who started it (decision 0023). */
export function paidWithEvent(savedCard: LockedSavedCard, initiator: PaymentInitiator) {
  return {
    type: initiator === 'merchant' ? 'merchant_initiated' : 'saved_card',
    status: 'processing',
    message:
      initiator === 'merchant'
        ? `The merchant charged the saved card ${cardLabel(savedCard)} without the buyer (merchant-initiated).`
        : `The buyer paid with the saved card ${cardLabel(savedCard)} at the checkout (customer-initiated).`,
  };
}

/** The checkout's buyer reference when the merchant minted it (a browser's names no one), else null. */
export const trustedReferenceOf = (session: { buyerReference: string | null; buyerReferenceTrusted: boolean }) =>
  session.buyerReferenceTrusted ? session.buyerReference : null;
