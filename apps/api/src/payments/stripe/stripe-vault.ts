// Saved cards at Stripe (docs/decisions/0023-saved-cards-live-at-the-processor.md): one Stripe
// Customer per Kassa customer and connection, found again by metadata[kassa_customer_id]; a card is
// kept with a SetupIntent (usage off_session) or with setup_future_usage on a payment, and removed by
// detaching its PaymentMethod. Card data goes to Stripe raw, as for payments (the account needs the
// "raw card data APIs" capability); Kassa keeps only what SavedCard says.
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { conflict } from '../../lib/app-error.ts';
import type { CardDetails } from '../card.ts';
import {
  type ListedSavedCard,
  lookOf,
  type RemoveSavedCardRequest,
  type SaveCardRequest,
  type SaveCardResult,
  type SavedCard,
  type VaultCustomer,
} from '../provider.ts';
import { declineMessage, isCardError, toKassaError } from './stripe-errors.ts';

export const KASSA_CUSTOMER_KEY = 'kassa_customer_id';
/** More cards than one customer keeps anywhere: a list this long is taken as cut short. */
const LIST_CAP = 10_000;
export const SETUP_NEEDS_AUTHENTICATION =
  'The card issuer wants the buyer to authenticate before this card is kept. Save it while paying instead.';

/** The card as Stripe's payment_method_data (typed by hand: raw card data is a per-account capability). */
export const stripeCardData = (card: CardDetails) => ({
  type: 'card',
  card: { number: card.number.replace(/\D/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvv },
});

/** What Kassa keeps of a PaymentMethod saved to a Customer. */
export function savedCardOf(pm: Stripe.PaymentMethod): SavedCard | undefined {
  const customer = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
  if (!pm.card || !customer) return undefined;
  return {
    token: pm.id,
    processorCustomerId: customer,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
    fingerprint: pm.card.fingerprint ?? pm.id,
  };
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toKassaError(error);
  }
}

export function createStripeVault(stripe: Stripe) {
  /**
   * The Stripe Customer of this Kassa customer: the one Kassa stored, else the one whose metadata
   * names it, else a new one. The create call's idempotency key is the customer and what is sent, so
   * two payments saving a card at once for a new customer make one Customer, not two.
   */
  async function customerIdOf(customer: VaultCustomer): Promise<string> {
    if (customer.processorCustomerId) return customer.processorCustomerId;
    const id = customer.customerId.replace(/'/g, '');
    const found = await call(() =>
      stripe.customers.search({ query: `metadata['${KASSA_CUSTOMER_KEY}']:'${id}'`, limit: 1 }),
    );
    if (found.data[0]) return found.data[0].id;
    const params = {
      metadata: { [KASSA_CUSTOMER_KEY]: customer.customerId },
      ...(customer.email ? { email: customer.email } : {}),
      ...(customer.name ? { name: customer.name } : {}),
    };
    const key = `customer-${customer.customerId}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)}`;
    const created = await call(() => stripe.customers.create(params, { idempotencyKey: key }));
    return created.id;
  }

  /** A SetupIntent confirmed at once: Stripe checks the card with the issuer and attaches it to the Customer. */
  async function saveCard({ reference, customer, card }: SaveCardRequest): Promise<SaveCardResult> {
    const customerId = await customerIdOf(customer);
    const params = {
      confirm: true,
      customer: customerId,
      usage: 'off_session',
      payment_method_types: ['card'],
      payment_method_data: stripeCardData(card),
      metadata: { kassa_reference: reference },
      expand: ['payment_method'],
    } as unknown as Stripe.SetupIntentCreateParams;
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.create(params, { idempotencyKey: reference });
    } catch (error) {
      if (isCardError(error)) return { status: 'declined', declineReason: declineMessage(error) };
      throw toKassaError(error);
    }
    if (intent.status === 'requires_action') {
      // Kassa's save-only form has no authentication step; the buyer saves the card while paying,
      // where the 3-D Secure popup is (setup_future_usage). The half-done SetupIntent is closed.
      await call(() => stripe.setupIntents.cancel(intent.id, {}, { idempotencyKey: `${reference}-cancel` }));
      return { status: 'declined', declineReason: SETUP_NEEDS_AUTHENTICATION };
    }
    const saved =
      intent.status === 'succeeded' && typeof intent.payment_method === 'object' && intent.payment_method
        ? savedCardOf(intent.payment_method)
        : undefined;
    if (!saved) return { status: 'declined', declineReason: declineMessage(intent.last_setup_error) };
    return { status: 'saved', card: saved };
  }

  /** Detaches the PaymentMethod; one already detached is already removed. */
  async function removeSavedCard({ customer, token }: RemoveSavedCardRequest): Promise<void> {
    const pm = await call(() => stripe.paymentMethods.retrieve(token));
    if (!pm.customer) return;
    const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer.id;
    if (customer.processorCustomerId && owner !== customer.processorCustomerId) {
      throw conflict('This card belongs to another customer at Stripe.');
    }
    await call(() => stripe.paymentMethods.detach(token, {}, { idempotencyKey: `detach-${token}` }));
  }

  /**
   * The card PaymentMethods of the customer's Stripe Customer, every page. Without a Stripe Customer, or
   * with a list cut at the cap (the cards past it would look forgotten), there is nothing to compare.
   */
  async function listSavedCards({ customer }: { customer: VaultCustomer }): Promise<ListedSavedCard[] | undefined> {
    const stripeCustomer = customer.processorCustomerId;
    if (!stripeCustomer) return undefined;
    const methods = await call(() =>
      stripe.customers
        .listPaymentMethods(stripeCustomer, { type: 'card', limit: 100 })
        .autoPagingToArray({ limit: LIST_CAP }),
    );
    if (methods.length >= LIST_CAP) return undefined;
    return methods.flatMap((pm) => {
      const card = savedCardOf(pm);
      return card ? [{ token: card.token, look: lookOf(card) }] : [];
    });
  }

  /** The PaymentMethod as Stripe has it now, while it is on the customer's Stripe Customer. */
  async function findSavedCard({ customer, token }: RemoveSavedCardRequest): Promise<SavedCard | undefined> {
    const card = savedCardOf(await call(() => stripe.paymentMethods.retrieve(token)));
    if (!card || (customer.processorCustomerId && card.processorCustomerId !== customer.processorCustomerId)) {
      return undefined;
    }
    return card;
  }

  return { customerIdOf, saveCard, removeSavedCard, listSavedCards, findSavedCard };
}
