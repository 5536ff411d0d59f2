// Payment methods and how they read to people, with no zod: the buyer's receipt imports this, and the
// checkout page's JavaScript stays without the schema library (apps/web vite.config.ts chunks).
import { CARD_BRAND_LABELS } from './card-number.ts';

export const PAYMENT_METHODS = ['card', 'wallet', 'gift_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a payment method reads to people: in lists, on receipts, on the dashboard. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card',
  wallet: 'Digital wallet',
  gift_card: 'Gift card',
};

/** The method's label; an unknown method shows as it came. */
export const paymentMethodLabel = (method: string): string => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** A stored brand ("visa", "VISA") as people write it ("Visa"); an unknown brand shows as it came. */
export const cardBrandLabel = (brand: string): string =>
  (CARD_BRAND_LABELS as Readonly<Record<string, string>>)[brand.toLowerCase()] || brand;

/** "Visa •••• 4242" for a card whose last four digits are known, else the method's label. */
export function paymentMethodText(method: string, brand: string | null | undefined, last4: string | null | undefined) {
  if (method !== 'card' || !last4) return paymentMethodLabel(method);
  return `${(brand && cardBrandLabel(brand)) || 'Card'} •••• ${last4}`;
}

/** A saved card's expiry as printed on it: "12/30". */
export const cardExpiryText = (month: number, year: number) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
