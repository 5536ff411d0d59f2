// A saved card as a person reads it in their language: "Visa •••• 4242, gültig bis 12/30" (docs/i18n.md).
import type { Translate } from '@kassa/contract/i18n/translate';
import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';

export const savedCardLabel = (
  card: { brand: string; last4: string; exp_month: number; exp_year: number },
  t: Translate,
): string =>
  t('card.saved', {
    card: paymentMethodText('card', card.brand, card.last4),
    expiry: cardExpiryText(card.exp_month, card.exp_year),
  });
