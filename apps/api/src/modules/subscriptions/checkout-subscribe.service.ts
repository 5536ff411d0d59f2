// A buyer subscribes on a checkout page or in the widget (docs/product-rules.md#subscribing-at-checkout):
// the buyer becomes (or is matched by e-mail to) a customer, the card is saved at the processor with
// the authorisation the buyer ticked, and the subscription starts — its first period charged to that
// card, or its trial begun. One subscription per checkout whatever the retries: the unique index on
// subscriptions.checkout_session_id decides, in the transaction that also makes the customer, so a
// losing request leaves no customer, card or charge behind.
import { periodBoundary } from '@kassa/contract/billing-calendar';
import { buyerPagePath } from '@kassa/contract/buyer-pages';
import type { SubscribeBody, SubscribeResult } from '@kassa/contract/checkout';
import { DEFAULT_LOCALE, type Locale } from '@kassa/contract/i18n/locales';
import { SUBSCRIBE_MESSAGES, subscribeConsentText } from '@kassa/contract/subscribe-at-checkout';
import type { AppContext } from '../../context.ts';
import { AppError, businessRule, conflict, invalid } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type CheckoutClaims, checkoutSubscription } from '../checkout/checkout.service.ts';
import { loadPaymentSetup } from '../connections/connections.service.ts';
import { findOrCreateBuyerCustomer, type StoredCustomer } from '../customers/customers.service.ts';
import { keepCardWithoutPayment } from '../payment-methods/add-card.service.ts';
import type { PriceRow } from '../prices/prices.service.ts';
import { announceSubscription, chargeClaimedInvoice, cycleOf, makePeriodInvoice } from './renewals.service.ts';
import { timeOf } from './subscription-time.ts';
import {
  attachCheckoutCard,
  findCheckoutSubscription,
  findSubscriptionById,
  insertCheckoutSubscription,
  type SubscriptionRow,
} from './subscriptions.queries.ts';

/** Thrown inside the claiming transaction to roll back a customer made for a subscribe that lost. */
class AlreadySubscribing extends Error {}

const resultOf = (row: SubscriptionRow, card: { brand: string; last4: string } | null): SubscribeResult => ({
  subscription_id: row.id,
  status: row.status,
  trial_end: row.trialEnd?.toISOString() ?? null,
  current_period_end: row.currentPeriodEnd.toISOString(),
  consent_text: row.consentText ?? '',
  card,
});

/** What a subscribe that lost the race answers: the subscription once it runs, else "under way". */
async function answerOfExisting(ctx: AppContext, sessionId: string): Promise<SubscribeResult> {
  const row = await findCheckoutSubscription(ctx.db, sessionId);
  if (row && (row.status === 'active' || row.status === 'trialing')) return resultOf(row, null);
  throw conflict(SUBSCRIBE_MESSAGES.underWay);
}

export async function subscribeAtCheckout(
  ctx: AppContext,
  claims: CheckoutClaims,
  body: SubscribeBody,
  /** The buyer's language: the hosted fields showed the authorisation in it (GET /pay/session/). */
  acceptedLocale: Locale | null = null,
): Promise<SubscribeResult> {
  const locale = acceptedLocale ?? DEFAULT_LOCALE;
  const facts = claims.session;
  if (!facts) throw businessRule(SUBSCRIBE_MESSAGES.notRecurring);
  if (facts.expiresAt <= ctx.clock.now()) {
    throw businessRule('This checkout session has expired. Reload the page to start again.');
  }
  const offer = await checkoutSubscription(ctx, facts);
  if (!offer) throw businessRule(SUBSCRIBE_MESSAGES.notRecurring);
  if (body.consent !== true) throw invalid('consent', SUBSCRIBE_MESSAGES.consentMissing);
  const email = body.billing.emailAddress?.trim();
  if (!email) throw invalid('billing.emailAddress', SUBSCRIBE_MESSAGES.emailMissing);
  const { price } = offer;
  const setup = await loadPaymentSetup(ctx.db, ctx.keys, facts.merchantId, 'card');
  // A test price is never charged to a live card, nor the other way round.
  if (setup.mode !== price.mode) throw businessRule(SUBSCRIBE_MESSAGES.unavailable);

  const existing = await findCheckoutSubscription(ctx.db, claims.sessionId);
  if (existing) return answerOfExisting(ctx, claims.sessionId);

  // Recorded word for word as the buyer read it, in their language.
  const consentText = subscribeConsentText(offer.merchantName, offer.offer, locale);
  const name = `${body.billing.firstName ?? ''} ${body.billing.lastName ?? ''}`.trim();
  let claimed: { row: SubscriptionRow; customer: StoredCustomer };
  try {
    claimed = await ctx.db.transaction(async (db) => {
      const customer = await findOrCreateBuyerCustomer(ctx, db, {
        merchantId: facts.merchantId,
        mode: price.mode,
        reference: null,
        name: name || email,
        email,
        billingAddress: null,
        matchByEmail: true,
        locale: acceptedLocale ?? null,
      });
      const clockId = customer.mode === 'test' ? customer.testClockId : null;
      const now = await timeOf(ctx, db, clockId);
      const trialEnd = price.trialDays > 0 ? new Date(now.getTime() + price.trialDays * 86_400_000) : null;
      const row = await insertCheckoutSubscription(db, {
        merchantId: facts.merchantId,
        mode: price.mode,
        customerId: customer.id,
        priceId: price.id,
        quantity: 1,
        paymentMethodId: null,
        collectionMethod: 'charge_automatically',
        // Incomplete until the card is saved (and, without a trial, the first period paid): Stripe's rule.
        status: 'incomplete',
        billingCycleAnchor: trialEnd ?? now,
        currentPeriodStart: now,
        currentPeriodEnd: trialEnd ?? periodBoundary(now, cycleOf(price), 1),
        trialEnd,
        testClockId: clockId,
        checkoutSessionId: claims.sessionId,
        consentText,
        consentAt: ctx.clock.now(),
      });
      if (!row) throw new AlreadySubscribing();
      await recordAudit(db, {
        actor: null,
        merchantId: row.merchantId,
        action: 'subscription.created',
        entityType: 'subscription',
        entityId: row.id,
        data: { mode: row.mode, price_id: price.id, source: 'checkout', consent_text: consentText },
      });
      await announceSubscription(ctx, db, row, 'subscription.created', price);
      return { row, customer };
    });
  } catch (error) {
    if (error instanceof AlreadySubscribing) return answerOfExisting(ctx, claims.sessionId);
    throw error;
  }
  return startSubscription(ctx, claimed.row, claimed.customer, price, body, facts);
}

/** Saves the card with the buyer's authorisation, then begins the trial or charges the first period. */
async function startSubscription(
  ctx: AppContext,
  claimedRow: SubscriptionRow,
  customer: StoredCustomer,
  price: PriceRow,
  body: SubscribeBody,
  facts: { productId: string | null; quickPaymentId: string | null },
): Promise<SubscribeResult> {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  const page = facts.productId
    ? `${base}${buyerPagePath('product', facts.productId)}`
    : `${base}${buyerPagePath('quick-payment', facts.quickPaymentId ?? '')}`;
  const consent = { at: claimedRow.consentAt!.toISOString(), page, text: claimedRow.consentText! };
  const holder = customer.name;
  const trialing = claimedRow.trialEnd !== null;
  let row = claimedRow;
  const card = await keepCardWithoutPayment(ctx, customer, body.card, holder, consent, async (db, kept) => {
    const attached = await attachCheckoutCard(
      db,
      row.id,
      kept.id,
      trialing ? 'trialing' : 'incomplete',
      ctx.clock.now(),
    );
    if (attached) {
      row = attached;
      if (trialing) await announceSubscription(ctx, db, attached, 'subscription.updated', price);
    }
  }).catch((error: unknown) => {
    // A declined card leaves the subscription incomplete: nothing to charge, nothing running.
    if (error instanceof AppError && error.code === 'business_rule') {
      throw businessRule(`${SUBSCRIBE_MESSAGES.declined} ${error.message}`);
    }
    throw error;
  });
  const shown = { brand: card.brand, last4: card.last4 };
  if (trialing) return resultOf(row, shown);

  const now = await timeOf(ctx, ctx.db, row.testClockId);
  const invoice = await ctx.db.transaction((db) =>
    makePeriodInvoice(ctx, db, row, price, { start: row.currentPeriodStart, end: row.currentPeriodEnd }, now),
  );
  // Made already: only the request that attached the card goes on, so none other charges it.
  if (!invoice) return resultOf((await findSubscriptionById(ctx.db, row.id))!, shown);
  const outcome = await chargeClaimedInvoice(ctx, invoice, row, now);
  const after = (await findSubscriptionById(ctx.db, row.id))!;
  if (outcome.outcome === 'failed') throw businessRule(`${SUBSCRIBE_MESSAGES.declined} ${outcome.message}`);
  return resultOf(after, shown);
}
