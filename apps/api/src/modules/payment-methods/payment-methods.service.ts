// Saved cards (docs/decisions/0023-saved-cards-live-at-the-processor.md): a customer's cards kept at the
// processor, listed and removed by the merchant, offered to the buyer of a checkout the merchant bound to
// the customer, saved with a payment the buyer agreed to, or on the add-card page a replace link opens.
// Customers' app and scopes govern them (customers.service.ts: the Virtual Terminal, customers:read/write).
import type { CheckoutCardSession } from '@kassa/contract/checkout';
import { CUSTOMER_MESSAGES } from '@kassa/contract/customers';
import { DEFAULT_LOCALE, type Locale } from '@kassa/contract/i18n/locales';
import type { CheckoutSavedCard, SavedCardView } from '@kassa/contract/saved-cards';
import { recurringAmountLabel, subscribeConsentText, trialLabel } from '@kassa/contract/subscribe-at-checkout';
import type { WebhookEventType } from '@kassa/contract/webhooks';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, conflict, invalid, notFound } from '../../lib/app-error.ts';
import type { SavedCard, VaultCustomer } from '../../payments/provider.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { checkoutSubscription, storedCheckoutFacts, verifyCheckoutToken } from '../checkout/checkout.service.ts';
import { loadPaymentSetup, processorFor } from '../connections/connections.service.ts';
import {
  type CustomerToCharge,
  customerScope,
  customerToCharge,
  requireCustomer,
  type StoredCustomer,
} from '../customers/customers.service.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  cardForChargeCtes,
  cardStillAsReadSql,
  findCustomerAndCard,
  findProcessorCustomerId,
  hasPaymentUnderWay,
  insertSavedCard,
  linkPaymentToCard,
  listCustomersSavedCards,
  listSavedCards,
  lockCardForCharge,
  lockCardForDelete,
  lockCustomersSavedCards,
  markCardDeleted,
  markCardPreferred,
  markCustomerCardsDeleted,
  type SavedCardRow,
} from './payment-methods.queries.ts';

export type { SavedCardRow };

export const CARD_NOT_SAVED = 'This card is not saved for this customer.';
export const CARD_PAYMENT_UNDER_WAY =
  'A payment with this card is under way. Try again in a minute, once it is finished.';

/** The first day after the card's expiry month: from then on it cannot be charged. */
const endOfExpiry = (expMonth: number, expYear: number) => new Date(Date.UTC(expYear, expMonth, 1));

export const isCardExpired = (card: { expMonth: number; expYear: number }, now: Date) =>
  endOfExpiry(card.expMonth, card.expYear) <= now;

/**
 * Expires before the customer's next expected charge: `nextChargeAt`, the earliest a subscription or a
 * recurring invoice of theirs charges a card on its own, when there is one; else the next charge is
 * taken to be within a month, so a card whose last valid month is this one or the next is flagged.
 */
export function isCardExpiring(card: { expMonth: number; expYear: number }, now: Date, nextChargeAt?: Date | null) {
  if (isCardExpired(card, now)) return false;
  const chargedBy = nextChargeAt ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  return endOfExpiry(card.expMonth, card.expYear) <= chargedBy;
}

export const toSavedCard = (row: SavedCardRow, now: Date, nextChargeAt?: Date | null): SavedCardView => ({
  id: row.id,
  customer_id: row.customerId,
  mode: row.mode,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  fingerprint: row.fingerprint,
  processor: row.provider,
  connection_id: row.connectionId,
  consent_at: row.consentAt.toISOString(),
  consent_page: row.consentPage,
  consent_text: row.consentText,
  expired: isCardExpired(row, now),
  expiring: isCardExpiring(row, now, nextChargeAt),
  created_at: row.createdAt.toISOString(),
});

export const toCheckoutSavedCard = (row: SavedCardRow, now: Date): CheckoutSavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  expired: isCardExpired(row, now),
});

/** "Visa •••• 4242 (12/2030)": how the timeline and messages name a card. */
export const cardLabel = (card: { brand: string; last4: string; expMonth: number; expYear: number }) =>
  `${card.brand === 'unknown' ? 'Card' : card.brand[0]!.toUpperCase() + card.brand.slice(1)} •••• ${card.last4} (${String(card.expMonth).padStart(2, '0')}/${card.expYear})`;

export async function announceCard(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor | null,
  row: SavedCardRow,
  type: Extract<WebhookEventType, `payment_method.${string}`>,
  /** More for the audit entry, e.g. a renewed card as it was before. */
  auditData: Record<string, unknown> = {},
) {
  const now = ctx.clock.now();
  await recordAudit(db, {
    actor,
    merchantId: row.merchantId,
    action: type,
    entityType: 'saved_card',
    entityId: row.id,
    data: { customer_id: row.customerId, mode: row.mode, processor: row.provider, ...auditData },
  });
  const view = toSavedCard(row, now);
  const payload =
    type === 'payment_method.detached' ? { ...view, detached_at: (row.deletedAt ?? now).toISOString() } : view;
  await recordWebhookEvent(db, { merchantId: row.merchantId, mode: row.mode }, type, payload, now);
}

/**
 * A customer's live cards for the merchant, each flagged when it expires before `nextChargeOf` the
 * customer (their next automatic charge, null when none is planned).
 */
export async function listCustomerPaymentMethods(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  nextChargeOf: (customerId: string) => Promise<Date | null>,
) {
  const customer = await requireCustomer(ctx, actor, customerId, 'view');
  const now = ctx.clock.now();
  const [cards, nextChargeAt] = await Promise.all([listSavedCards(ctx.db, customer.id), nextChargeOf(customer.id)]);
  return cards.map((row) => toSavedCard(row, now, nextChargeAt));
}

/** The saved cards a checkout bound to `customerId` offers its buyer, on the processor the checkout uses. */
export async function checkoutSavedCards(ctx: AppContext, customerId: string) {
  const now = ctx.clock.now();
  return (await listSavedCards(ctx.db, customerId)).map((row) => toCheckoutSavedCard(row, now));
}

/**
 * Removes a card: Kassa stops using it at once, then the processor forgets it. A payment on the card
 * still waiting for its outcome keeps the card (the delete is refused), so the payment always finishes
 * on a card that exists.
 */
export async function deleteCustomerPaymentMethod(ctx: AppContext, actor: Actor, customerId: string, id: string) {
  return removeCard(ctx, actor, await requireCustomer(ctx, actor, customerId, 'delete'), id);
}

/** The customer portal: the signed-in customer removes one of their own cards, as the merchant would. */
export const removeCardOfCustomer = (ctx: AppContext, customer: StoredCustomer, id: string) =>
  removeCard(ctx, null, customer, id);

/** The customer portal: the card future charges use first (defaultSavedCard), among the customer's own. */
export async function makeCardDefault(ctx: AppContext, customerId: string, id: string) {
  const row = await markCardPreferred(ctx.db, customerId, id, ctx.clock.now());
  if (!row) throw notFound(CARD_NOT_SAVED);
  return toSavedCard(row, ctx.clock.now());
}

/** A customer's live cards as the merchant's API shows them, the default first. */
export async function savedCardsOf(ctx: AppContext, customerId: string) {
  const now = ctx.clock.now();
  return (await listSavedCards(ctx.db, customerId)).map((row) => toSavedCard(row, now));
}

async function removeCard(ctx: AppContext, actor: Actor | null, customer: StoredCustomer, id: string) {
  const removed = await ctx.db.transaction(async (db) => {
    const card = await lockCardForDelete(db, customer.id, id);
    if (!card) throw notFound(CARD_NOT_SAVED);
    if (await hasPaymentUnderWay(db, card.id)) throw conflict(CARD_PAYMENT_UNDER_WAY);
    const row = (await markCardDeleted(db, card.id, ctx.clock.now()))!;
    await announceCard(ctx, db, actor, row, 'payment_method.detached');
    return row;
  });
  return { message: 'Card removed.', forgotten: await forgetAtProcessor(ctx, removed, customer) };
}

/**
 * A deleted customer's cards, retired in the customer's delete transaction (`db`): none may be charged
 * once the customer is gone. The processor forgets them after that commits (forgetCardsAtProcessor).
 */
export async function retireCustomerCards(ctx: AppContext, db: DbOrTx, actor: Actor, customerId: string) {
  const rows = await markCustomerCardsDeleted(db, customerId, ctx.clock.now());
  for (const row of rows) await announceCard(ctx, db, actor, row, 'payment_method.detached');
  return rows;
}

/** Best effort, after the database change committed: a card the processor keeps by mistake is never used. */
export async function forgetCardsAtProcessor(ctx: AppContext, cards: SavedCardRow[], customer: StoredCustomer) {
  for (const card of cards) await forgetAtProcessor(ctx, card, customer);
}

/** The processor's side of a removal; Kassa no longer uses the card either way, so a failure is only reported. */
export async function forgetAtProcessor(
  ctx: AppContext,
  card: SavedCardRow,
  customer: StoredCustomer,
): Promise<boolean> {
  try {
    const provider = await processorFor(ctx, {
      merchantId: card.merchantId,
      provider: card.provider,
      providerConnectionId: card.connectionId,
    });
    await provider.removeSavedCard?.({
      customer: vaultCustomer(customer, card.processorCustomerId),
      token: card.token,
    });
    return true;
  } catch {
    return false;
  }
}

export const vaultCustomer = (customer: StoredCustomer, processorCustomerId?: string | null): VaultCustomer => ({
  customerId: customer.id,
  ...(processorCustomerId ? { processorCustomerId } : {}),
  ...(customer.email ? { email: customer.email } : {}),
  name: customer.name,
});

/**
 * Who the processor keeps a new card for: the customer, with its id on that processor connection once
 * it has one there (a Stripe Customer per Kassa customer and connection).
 */
export async function vaultCustomerFor(
  db: DbOrTx,
  customer: StoredCustomer,
  at: { provider: string; providerConnectionId: string | null },
) {
  return vaultCustomer(customer, await findProcessorCustomerId(db, customer.id, at));
}

/**
 * The saved card a payment uses, checked and locked FOR SHARE with its customer in the attempt's
 * transaction (so a delete waits for the attempt and then sees it): it must be the bound customer's,
 * still saved, not expired, and the customer not deleted. Every refusal is a 4xx that changes nothing.
 * The card comes back with its customer's row (`owner`), read in the same statement.
 */
export async function lockSavedCardForCharge(db: DbOrTx, input: CardCharge): Promise<LockedSavedCard> {
  const locked = await lockCardForCharge(db, input.cardId);
  return cardLockedToCharge({ card: locked?.card, customer: locked?.customer }, input);
}

interface CardCharge {
  cardId: string;
  customerId: string;
  merchantId: string;
  now: Date;
}

/** Why a card (as read, with its customer) cannot pay this charge; null when it can. */
function savedCardRefusal(read: { card: SavedCardRow; customer: StoredCustomer } | undefined, input: CardCharge) {
  const card = read?.card;
  if (!card || card.customerId !== input.customerId || card.merchantId !== input.merchantId) {
    return invalid('payment_method_id', CARD_NOT_SAVED);
  }
  if (read.customer.deletedAt) return notFound('This customer was deleted; their cards cannot be charged.');
  // Never charged with the other mode's keys or processor (such a card is not kept: record-attempt.ts).
  if (card.mode !== read.customer.mode) return invalid('payment_method_id', CARD_NOT_SAVED);
  if (card.deletedAt) return invalid('payment_method_id', 'This card was removed from the customer.');
  if (isCardExpired(card, input.now)) {
    return businessRule(
      `This card expired at the end of ${String(card.expMonth).padStart(2, '0')}/${card.expYear}. Ask the customer for another card.`,
    );
  }
  return null;
}

/** A saved card as a merchant's charge read it before opening its checkout (requireCustomerAndCardToCharge). */
export interface CardAsRead {
  card: SavedCardRow;
  owner: StoredCustomer;
  /** The card's whole row as the database fingerprinted it then. */
  fingerprint: string;
}

/**
 * The card as read, if it can pay this charge as it was then: the attempt may then be decided from it
 * and written in one statement that locks the card while it is still so (cardStillAsReadSql). Undefined
 * when the attempt must lock and check the card itself (and give the refusal, if any).
 */
export function cardReadToCharge(read: CardAsRead | undefined, input: CardCharge): LockedSavedCard | undefined {
  if (!read || read.card.id !== input.cardId) return undefined;
  if (savedCardRefusal({ card: read.card, customer: read.owner }, input)) return undefined;
  return { ...read.card, owner: read.owner };
}

/** A query that gives a row only while the card and its customer are live and the card is as read, locking both. */
export const cardStillAsRead = (cardId: SQLWrapper | string, fingerprint: SQLWrapper | string) =>
  cardStillAsReadSql(cardId, fingerprint);

/**
 * For a statement that records an attempt: the saved card and its customer locked FOR SHARE and read
 * whole, as lockSavedCardForCharge locks them, after `after` (the locks to take first). The rows read
 * are then checked with cardLockedToCharge.
 */
export const lockCardToCharge = (db: DbOrTx, cardId: SQLWrapper | string, after: SQL) =>
  cardForChargeCtes(db, cardId, after);

/**
 * The card a statement locked with lockCardToCharge (undefined when it found none), checked as
 * lockSavedCardForCharge checks it: the same refusals, thrown.
 */
export function cardLockedToCharge(
  read: { card: SavedCardRow | undefined; customer: StoredCustomer | undefined },
  input: CardCharge,
): LockedSavedCard {
  const found = read.card && read.customer ? { card: read.card, customer: read.customer } : undefined;
  const refusal = savedCardRefusal(found, input);
  if (refusal) throw refusal;
  return { ...found!.card, owner: found!.customer };
}

/**
 * The customer a merchant's charge is for (404 when it is not theirs to charge) with its charge's
 * country, and the saved card it charges as it is now, in one read.
 */
export async function requireCustomerAndCardToCharge(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  cardId: string,
): Promise<CustomerToCharge & { cardAsRead?: CardAsRead }> {
  const row = await findCustomerAndCard(ctx.db, customerId, cardId, customerScope(actor, 'create'));
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  const payer = customerToCharge(row.customer, row.merchantCountry);
  return row.card && row.cardFingerprint
    ? { ...payer, cardAsRead: { card: row.card, owner: row.customer, fingerprint: row.cardFingerprint } }
    : payer;
}

/** A saved card locked for a payment, with the customer it belongs to (locked with it). */
export type LockedSavedCard = SavedCardRow & { owner: StoredCustomer };

export interface SaveConsent {
  at: string;
  page: string;
  text: string;
}

/**
 * Keeps the card a processor saved with a payment the buyer agreed to (`transaction.save_consent`), and
 * links the payment to it; announces `payment_method.attached` for a card new to the customer. The card's
 * id only for the call that linked the payment (undefined when another call did, or nothing was kept).
 */
export async function keepSavedCard(
  ctx: AppContext,
  tx: {
    id: string;
    merchantId: string;
    customerId: string | null;
    mode: 'test' | 'live';
    provider: string;
    providerConnectionId: string | null;
    saveConsent: SaveConsent | null;
  },
  saved: SavedCard,
): Promise<string | undefined> {
  if (!tx.customerId || !tx.saveConsent) return undefined;
  const consent = tx.saveConsent;
  const customerId = tx.customerId;
  return ctx.db.transaction(async (db) => {
    const { row, created } = await insertSavedCard(db, {
      merchantId: tx.merchantId,
      customerId,
      mode: tx.mode,
      provider: tx.provider,
      connectionId: tx.providerConnectionId,
      token: saved.token,
      processorCustomerId: saved.processorCustomerId ?? null,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      fingerprint: saved.fingerprint,
      consentAt: new Date(consent.at),
      consentPage: consent.page,
      consentText: consent.text,
    });
    if (created) await announceCard(ctx, db, null, row, 'payment_method.attached');
    // The payment's answer and the processor's webhook may both bring the card: one of them links it.
    return (await linkPaymentToCard(db, tx.id, row.id)) ? row.id : undefined;
  });
}

/**
 * What the hosted fields of a checkout offer (GET /pay/session/): saving the card when the checkout's
 * card processor keeps a vault, and the saved cards of the customer the merchant bound — none for a
 * public checkout, whose buyer has not proved who they are.
 */
export async function checkoutCardSession(
  ctx: AppContext,
  token: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CheckoutCardSession> {
  const claims = await verifyCheckoutToken(ctx.keys.tokenSigning, token, ctx.clock.now());
  const facts = claims.session ?? (await storedCheckoutFacts(ctx.db, claims.sessionId));
  if (!facts) throw notFound('This checkout does not exist.');
  const store = claims.session?.store ?? null;
  if (claims.section !== 'card') return { store, can_save: false, customer_bound: false, saved_cards: [] };
  const setup = await loadPaymentSetup(ctx.db, ctx.keys, facts.merchantId, 'card');
  const provider = ctx.providers(setup.provider, setup.processorConnection);
  const customerId = facts.customerId;
  const recurring = provider.saveCard ? await checkoutSubscription(ctx, facts) : undefined;
  return {
    store,
    can_save: store !== false && provider.saveCard !== undefined,
    customer_bound: customerId !== null,
    saved_cards: customerId ? await checkoutSavedCards(ctx, customerId) : [],
    subscription: recurring
      ? {
          label: recurringAmountLabel(recurring.offer, locale),
          trial: trialLabel(recurring.offer, locale),
          consent_text: subscribeConsentText(recurring.merchantName, recurring.offer, locale),
        }
      : null,
  };
}

/**
 * The card a charge without the customer present uses: the one saved last that has not expired (the
 * customer's most recent choice). Undefined when there is none.
 */
export async function defaultSavedCard(ctx: AppContext, customerId: string): Promise<SavedCardRow | undefined> {
  const now = ctx.clock.now();
  return (await listSavedCards(ctx.db, customerId)).find((card) => !isCardExpired(card, now));
}

/** A customer's cards that may still be charged, as rows: a subscription picks one (the newest by default). */
export const chargeableCustomerCards = (db: DbOrTx, customerId: string) => listSavedCards(db, customerId);

/**
 * Several customers' chargeable cards with their fingerprints, each customer's in `chargeableCustomerCards`'
 * order (renewals read a batch's at once, and charge one as read: CardAsRead with its customer).
 */
export const chargeableCardsOfCustomers = (db: DbOrTx, customerIds: string[]) =>
  listCustomersSavedCards(db, customerIds);

/** The same, locked FOR SHARE in the caller's transaction: charges recorded there go ahead on them as read. */
export const lockChargeableCardsOfCustomers = (db: DbOrTx, customerIds: string[]) =>
  lockCustomersSavedCards(db, customerIds);
