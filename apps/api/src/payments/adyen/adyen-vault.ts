// Saved cards at Adyen (docs/decisions/0023-saved-cards-live-at-the-processor.md; docs.adyen.com
// "Tokenization"): Kassa's customer id is the shopperReference, a card is stored by a /payments call
// with storePaymentMethod (a zero-value one to save without paying), paid with later by its
// storedPaymentMethodId, and removed with DELETE /storedPaymentMethods/{id}. Every payment says who
// starts it: the shopper (Ecommerce, CardOnFile) or the merchant (ContAuth with UnscheduledCardOnFile
// or Subscription), which is what the card schemes' rules for stored credentials ask.
import type { Types } from '@adyen/api-library';
import { normalizeCardNumber, normalizeExpiryYear } from '@kassa/contract/card-number';
import type { CardDetails } from '../card.ts';
import {
  type CardPaymentRequest,
  type ListedSavedCard,
  lookOf,
  type RecurringModel,
  type RemoveSavedCardRequest,
  type SaveCardResult,
  type SavedCard,
  type SavedCardPaymentRequest,
} from '../provider.ts';
import { type AdyenCheckout, type AdyenCredentials, callAdyen } from './adyen-client.ts';
import { adyenSdk } from './adyen-sdk.ts';
import { buyerMessageForRefusal } from './refusal-messages.ts';

type PaymentResponse = Types.checkout.PaymentResponse | Types.checkout.PaymentDetailsResponse;
type RecurringFields = Pick<
  Types.checkout.PaymentRequest,
  'storePaymentMethod' | 'shopperReference' | 'recurringProcessingModel' | 'shopperInteraction'
>;

const MODELS: Record<RecurringModel, Types.checkout.PaymentRequest.RecurringProcessingModelEnum> = {
  card_on_file: 'CardOnFile' as Types.checkout.PaymentRequest.RecurringProcessingModelEnum,
  unscheduled: 'UnscheduledCardOnFile' as Types.checkout.PaymentRequest.RecurringProcessingModelEnum,
  subscription: 'Subscription' as Types.checkout.PaymentRequest.RecurringProcessingModelEnum,
};
const ECOMMERCE = 'Ecommerce' as Types.checkout.PaymentRequest.ShopperInteractionEnum;
const CONT_AUTH = 'ContAuth' as Types.checkout.PaymentRequest.ShopperInteractionEnum;

/** Adyen stores a card only after an authorisation; a zero-value one checks the card without charging it. */
export const ZERO_AUTH_CURRENCY = 'EUR';
export const SAVE_NEEDS_AUTHENTICATION =
  'The card issuer wants the buyer to authenticate before this card is kept. Save it while paying instead.';

/** The card as Adyen's raw card details (the API PCI Payments role). */
export const adyenCardDetails = (card: CardDetails) => ({
  type: 'scheme' as Types.checkout.CardDetails.TypeEnum,
  number: normalizeCardNumber(card.number),
  expiryMonth: String(card.expMonth).padStart(2, '0'),
  expiryYear: String(normalizeExpiryYear(card.expYear)),
  cvc: card.cvv,
  ...(card.holderName ? { holderName: card.holderName } : {}),
});

/** The payment method and the stored-credential fields of a /payments request. */
export function recurringPart(request: CardPaymentRequest | SavedCardPaymentRequest): {
  paymentMethod: Types.checkout.PaymentRequest['paymentMethod'];
} & RecurringFields {
  if (request.method === 'saved_card') {
    return {
      paymentMethod: { type: 'scheme', storedPaymentMethodId: request.token } as Types.checkout.CardDetails,
      shopperReference: request.customer.customerId,
      recurringProcessingModel: MODELS[request.recurring],
      shopperInteraction: request.initiator === 'merchant' ? CONT_AUTH : ECOMMERCE,
    };
  }
  return {
    paymentMethod: adyenCardDetails(request.card),
    shopperInteraction: ECOMMERCE,
    // The buyer agreed to keep the card: stored for this shopper once the payment is authorised.
    ...(request.save
      ? {
          storePaymentMethod: true,
          shopperReference: request.save.customer.customerId,
          recurringProcessingModel: MODELS.card_on_file,
        }
      : {}),
  };
}

export function createAdyenVault(open: () => { credentials: AdyenCredentials; checkout: AdyenCheckout }) {
  /**
   * The card a payment stored, from the answer's additionalData (token, cardSummary, expiryDate, alias);
   * when the account's additional-data settings leave those out, from the shopper's token list.
   */
  async function savedCardIn(response: PaymentResponse): Promise<SavedCard | undefined> {
    const data = response.additionalData ?? {};
    const token = data['tokenization.storedPaymentMethodId'] ?? data['recurring.recurringDetailReference'];
    if (!token || response.resultCode !== 'Authorised') return undefined;
    const [month, year] = (data.expiryDate ?? '').split('/');
    if (data.cardSummary && month && year && data.alias) {
      return {
        token,
        brand: response.paymentMethod?.brand ?? 'scheme',
        last4: data.cardSummary,
        expMonth: Number(month),
        expYear: Number(year),
        fingerprint: data.alias,
      };
    }
    const shopperReference = data['tokenization.shopperReference'] ?? data['recurring.shopperReference'];
    return shopperReference ? storedCard(shopperReference, token) : undefined;
  }

  /** The shopper's stored payment methods, as GET /storedPaymentMethods lists them. */
  async function storedList(shopperReference: string) {
    const { credentials, checkout } = open();
    const list = await callAdyen(() =>
      checkout.recurring.getTokensForStoredPaymentDetails(shopperReference, credentials.merchantAccount),
    );
    return list.storedPaymentMethods ?? [];
  }

  const cardOf = (stored: Types.checkout.StoredPaymentMethodResource): SavedCard | undefined =>
    stored.id && stored.lastFour && stored.expiryMonth && stored.expiryYear
      ? {
          token: stored.id,
          brand: stored.brand ?? 'scheme',
          last4: stored.lastFour,
          expMonth: Number(stored.expiryMonth),
          expYear: Number(stored.expiryYear),
          fingerprint: stored.alias ?? stored.id,
        }
      : undefined;

  /** Every token the shopper has; how the card looks only where Adyen's entry says it in full. */
  async function storedCards(shopperReference: string): Promise<ListedSavedCard[]> {
    return (await storedList(shopperReference)).flatMap((stored) => {
      if (!stored.id) return [];
      const card = cardOf(stored);
      return [card ? { token: stored.id, look: lookOf(card) } : { token: stored.id }];
    });
  }

  async function storedCard(shopperReference: string, token: string): Promise<SavedCard | undefined> {
    const found = (await storedList(shopperReference)).find((stored) => stored.id === token);
    return found && cardOf(found);
  }

  /** A zero-value authorisation that stores the card; Kassa's save id is the reference and idempotency key. */
  async function saveCard(request: {
    reference: string;
    returnUrl: string;
    card: CardDetails;
    customer: { customerId: string; email?: string };
  }): Promise<SaveCardResult> {
    const { credentials, checkout } = open();
    const body: Types.checkout.PaymentRequest = {
      amount: { currency: ZERO_AUTH_CURRENCY, value: 0 },
      merchantAccount: credentials.merchantAccount,
      reference: request.reference,
      returnUrl: request.returnUrl,
      paymentMethod: adyenCardDetails(request.card),
      storePaymentMethod: true,
      shopperReference: request.customer.customerId,
      recurringProcessingModel: MODELS.card_on_file,
      shopperInteraction: ECOMMERCE,
      channel: 'Web' as Types.checkout.PaymentRequest.ChannelEnum,
      ...(request.customer.email ? { shopperEmail: request.customer.email } : {}),
    };
    const response = await callAdyen(() => checkout.payments.payments(body, { idempotencyKey: request.reference }));
    if (response.resultCode === 'RedirectShopper')
      return { status: 'declined', declineReason: SAVE_NEEDS_AUTHENTICATION };
    const card = await savedCardIn(response);
    return card
      ? { status: 'saved', card }
      : { status: 'declined', declineReason: buyerMessageForRefusal(response.refusalReason) };
  }

  /** Deletes the token; one Adyen no longer has is already removed. */
  async function removeSavedCard({ customer, token }: RemoveSavedCardRequest): Promise<void> {
    const { credentials, checkout } = open();
    try {
      await checkout.recurring.deleteTokenForStoredPaymentDetails(
        token,
        customer.customerId,
        credentials.merchantAccount,
        {
          idempotencyKey: `delete-${token}`,
        },
      );
    } catch (error) {
      const code =
        error instanceof adyenSdk().HttpClientException ? (error.errorCode ?? error.apiError?.errorCode) : undefined;
      if (code === '800' || code === '803') return;
      await callAdyen(() => Promise.reject(error));
    }
  }

  return { savedCardIn, storedCard, storedCards, saveCard, removeSavedCard };
}
