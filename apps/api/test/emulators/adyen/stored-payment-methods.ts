// Adyen's tokens for one emulated company (docs.adyen.com "Tokenization": create tokens, make token
// payments, manage tokens): a card stored for a shopperReference on a merchant account, found again
// by its storedPaymentMethodId, listed and deleted through /storedPaymentMethods. The same card
// stored again for the same shopper is the same token ("alreadyExisting"); `alias` is the same for
// the same card number across the company, as Adyen's card alias is.
import { createHmac, randomBytes } from 'node:crypto';
import { AdyenRequestError, adyenError, required } from './validation.ts';

export const RECURRING_PROCESSING_MODELS = ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'] as const;
export type RecurringProcessingModel = (typeof RECURRING_PROCESSING_MODELS)[number];
/** Charged without the shopper: the merchant starts them, so they go with shopperInteraction ContAuth. */
const MERCHANT_INITIATED: readonly string[] = ['Subscription', 'UnscheduledCardOnFile'];

export interface StoredCard {
  id: string;
  merchantAccount: string;
  shopperReference: string;
  number: string;
  expiryMonth: string;
  expiryYear: string;
  holderName?: string;
  variant: string;
  alias: string;
  firstPspReference: string;
  recurringProcessingModel: RecurringProcessingModel;
}

const tokenId = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
};

/** Adyen's card alias: "A" and 15 digits, the same for the same card number. */
const aliasOf = (number: string) =>
  `A${BigInt(`0x${createHmac('sha256', 'adyen-alias').update(number).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(15, '0')
    .slice(0, 15)}`;

interface RecurringFields {
  storePaymentMethod?: boolean;
  shopperReference?: string;
  recurringProcessingModel?: string;
  shopperInteraction?: string;
  paymentMethod?: { storedPaymentMethodId?: string; recurringDetailReference?: string };
}

const invalid = (errorCode: string, message: string) => new AdyenRequestError(adyenError(422, errorCode, message));

/**
 * The Checkout API's rules for storing and using tokens in /payments: storing needs a shopperReference
 * (3 characters or more) and a recurringProcessingModel with the shopper present (Ecommerce); paying
 * with a token needs the shopperReference it was stored for and a recurringProcessingModel, and a
 * merchant-initiated model (Subscription, UnscheduledCardOnFile) is ContAuth while ContAuth needs a token.
 */
export function checkRecurringFields(request: RecurringFields): {
  storedId?: string;
  model?: RecurringProcessingModel;
} {
  const model = request.recurringProcessingModel;
  if (model !== undefined && !(RECURRING_PROCESSING_MODELS as readonly string[]).includes(model)) {
    throw invalid('702', `Invalid recurringProcessingModel: ${model}`);
  }
  const interaction = request.shopperInteraction ?? 'Ecommerce';
  if (!['Ecommerce', 'ContAuth', 'Moto', 'POS'].includes(interaction)) {
    throw invalid('702', `Invalid shopperInteraction: ${interaction}`);
  }
  const storedId = request.paymentMethod?.storedPaymentMethodId ?? request.paymentMethod?.recurringDetailReference;
  const reference = request.shopperReference;
  if (request.storePaymentMethod || storedId) {
    if (!reference) throw required('shopperReference', '800');
    if (reference.length < 3) throw invalid('702', 'shopperReference must be at least 3 characters long.');
    if (!model) throw required('recurringProcessingModel');
  }
  if (request.storePaymentMethod && interaction !== 'Ecommerce') {
    throw invalid('702', 'Payment details can only be stored with the shopper present (shopperInteraction Ecommerce).');
  }
  if (interaction === 'ContAuth' && !storedId) {
    throw invalid(
      '702',
      'shopperInteraction ContAuth needs stored payment details (paymentMethod.storedPaymentMethodId).',
    );
  }
  if (storedId && MERCHANT_INITIATED.includes(model!) !== (interaction === 'ContAuth')) {
    throw invalid(
      '702',
      `recurringProcessingModel ${model} ${MERCHANT_INITIATED.includes(model!) ? 'is merchant-initiated: use' : 'is shopper-initiated: do not use'} shopperInteraction ContAuth.`,
    );
  }
  return { storedId, model: model as RecurringProcessingModel | undefined };
}

export class StoredPaymentMethods {
  private readonly cards = new Map<string, StoredCard>();

  /** Stores the card for the shopper, or finds the token it already has. */
  store(card: Omit<StoredCard, 'id' | 'alias'>): { card: StoredCard; operation: 'created' | 'alreadyExisting' } {
    const existing = [...this.cards.values()].find(
      (c) =>
        c.merchantAccount === card.merchantAccount &&
        c.shopperReference === card.shopperReference &&
        c.number === card.number &&
        c.expiryMonth === card.expiryMonth &&
        c.expiryYear === card.expiryYear,
    );
    if (existing) return { card: existing, operation: 'alreadyExisting' };
    const stored: StoredCard = { ...card, id: tokenId(), alias: aliasOf(card.number) };
    this.cards.set(stored.id, stored);
    return { card: stored, operation: 'created' };
  }

  /** The shopper's token: "800 Contract not found" when the shopper has none, "803" when this one is not theirs. */
  find(id: string, shopperReference: string, merchantAccount: string): StoredCard {
    const card = this.cards.get(id);
    const ofShopper = [...this.cards.values()].some(
      (c) => c.shopperReference === shopperReference && c.merchantAccount === merchantAccount,
    );
    if (!ofShopper) throw invalid('800', 'Contract not found');
    if (!card || card.shopperReference !== shopperReference || card.merchantAccount !== merchantAccount) {
      throw invalid('803', 'PaymentDetail not found');
    }
    return card;
  }

  list(shopperReference: string, merchantAccount: string): StoredCard[] {
    return [...this.cards.values()].filter(
      (c) => c.shopperReference === shopperReference && c.merchantAccount === merchantAccount,
    );
  }

  delete(id: string, shopperReference: string, merchantAccount: string) {
    this.find(id, shopperReference, merchantAccount);
    this.cards.delete(id);
  }

  /** StoredPaymentMethodResource, as GET /storedPaymentMethods lists it. */
  static resource(card: StoredCard) {
    return {
      id: card.id,
      type: 'scheme',
      brand: card.variant,
      name: card.variant === 'mc' ? 'Mastercard' : card.variant === 'amex' ? 'American Express' : 'VISA',
      lastFour: card.number.slice(-4),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      ...(card.holderName ? { holderName: card.holderName } : {}),
      alias: card.alias,
      aliasType: 'Default',
      cardBin: card.number.slice(0, 6),
      shopperReference: card.shopperReference,
      firstPspReference: card.firstPspReference,
      supportedRecurringProcessingModels: [...RECURRING_PROCESSING_MODELS],
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
    };
  }
}
