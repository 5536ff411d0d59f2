// How a payment method reads in the reader's language: the contract's labels are English (receipts
// and the buyer bundle use them), so the portal translates the method and keeps the brand as printed.
import type { Translate } from '@kassa/contract/i18n/translate';
import { cardBrandLabel, PAYMENT_METHODS, type PaymentMethod } from '@kassa/contract/payment-methods';

const METHOD_KEY: Record<PaymentMethod, string> = {
  card: 'transactions.method.card',
  wallet: 'transactions.method.wallet',
  gift_card: 'transactions.method.giftCard',
};

/** The method's label; an unknown method shows as it came. */
export const methodLabel = (method: string, t: Translate): string =>
  (PAYMENT_METHODS as readonly string[]).includes(method) ? t(METHOD_KEY[method as PaymentMethod]) : method;

/** "Visa •••• 4242" for a card whose last four digits are known, else the method's label. */
export function methodText(
  method: string,
  brand: string | null | undefined,
  last4: string | null | undefined,
  t: Translate,
) {
  if (method !== 'card' || !last4) return methodLabel(method, t);
  return `${(brand && cardBrandLabel(brand)) || t('transactions.method.card')} •••• ${last4}`;
}
