// Subscribing on a checkout page (docs/product-rules.md#subscribing-at-checkout): how a recurring
// price reads to a buyer, and the authorisation they tick. The API records the very text built here,
// so the words on the page and the words on the subscription are one function's. No zod: the buyer
// pages import this file (docs/decisions/0006-buyer-pages-own-entry.md).
import { formatMoney } from './money.ts';

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

/** The recurring price a product or payment link carries, as its checkout page shows it. */
export interface RecurringOffer {
  price_id: string;
  amount: number;
  currency: string;
  interval: RecurringInterval;
  interval_count: number;
  trial_days: number;
}

/** "every month", "every 3 weeks". */
export const everyPeriod = (interval: string, count: number) =>
  count === 1 ? `every ${interval}` : `every ${count} ${interval}s`;

/** "€12.00 every month". */
export const recurringAmountLabel = (offer: RecurringOffer, locale = 'en-US') =>
  `${formatMoney(offer.amount, offer.currency, locale)} ${everyPeriod(offer.interval, offer.interval_count)}`;

/** "14-day free trial", or null without a trial. */
export const trialLabel = (offer: RecurringOffer) =>
  offer.trial_days > 0 ? `${offer.trial_days}-day free trial` : null;

/** The authorisation the buyer ticks, naming the merchant, the amount and the interval. */
export function subscribeConsentText(merchantName: string, offer: RecurringOffer, locale = 'en-US') {
  const after = offer.trial_days > 0 ? ` after the ${offer.trial_days}-day free trial` : '';
  return `I authorise ${merchantName} to charge my card ${recurringAmountLabel(offer, locale)}${after} until I cancel.`;
}

export const SUBSCRIBE_MESSAGES = {
  consentMissing: 'Tick the box to authorise the recurring charges before subscribing.',
  emailMissing: 'Enter your e-mail address: the subscription’s receipts and notices are sent there.',
  notRecurring: 'This checkout is a one-time payment; it has no subscription to start.',
  unavailable: 'This subscription cannot be started right now. Please contact the merchant.',
  underWay: 'This checkout is already starting a subscription. Wait a moment, or reload the page to start again.',
  declined: 'Your card was not accepted, so the subscription did not start.',
} as const;
