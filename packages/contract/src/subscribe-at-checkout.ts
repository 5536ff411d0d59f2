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

/** The language tag's base ("de-CH" → "de"), English for one without its own words here. */
function languageOf(locale: string): 'en' | 'de' | 'fr' | 'es' {
  const base = locale.toLowerCase().split(/[-_]/)[0];
  return base === 'de' || base === 'fr' || base === 'es' ? base : 'en';
}

// The interval words in each language: [one period, several periods]. Plain tables rather than the
// ICU catalogues: the buyer pages import this file and keep intl-messageformat out (docs/i18n.md).
const PERIODS: Record<'en' | 'de' | 'fr' | 'es', Record<RecurringInterval, [string, (n: number) => string]>> = {
  en: {
    day: ['every day', (n) => `every ${n} days`],
    week: ['every week', (n) => `every ${n} weeks`],
    month: ['every month', (n) => `every ${n} months`],
    year: ['every year', (n) => `every ${n} years`],
  },
  de: {
    day: ['täglich', (n) => `alle ${n} Tage`],
    week: ['wöchentlich', (n) => `alle ${n} Wochen`],
    month: ['monatlich', (n) => `alle ${n} Monate`],
    year: ['jährlich', (n) => `alle ${n} Jahre`],
  },
  fr: {
    day: ['par jour', (n) => `tous les ${n} jours`],
    week: ['par semaine', (n) => `toutes les ${n} semaines`],
    month: ['par mois', (n) => `tous les ${n} mois`],
    year: ['par an', (n) => `tous les ${n} ans`],
  },
  es: {
    day: ['cada día', (n) => `cada ${n} días`],
    week: ['cada semana', (n) => `cada ${n} semanas`],
    month: ['cada mes', (n) => `cada ${n} meses`],
    year: ['cada año', (n) => `cada ${n} años`],
  },
};

/** "every month", "every 3 weeks"; "monatlich", "alle 3 Wochen" in German. */
export function everyPeriod(interval: string, count: number, locale = 'en-US'): string {
  const words = PERIODS[languageOf(locale)][interval as RecurringInterval];
  // An interval this file does not know (none today) still reads as English did.
  if (!words) return count === 1 ? `every ${interval}` : `every ${count} ${interval}s`;
  return count === 1 ? words[0] : words[1](count);
}

/** "€12.00 every month", "12,00 € monatlich". */
export const recurringAmountLabel = (offer: RecurringOffer, locale = 'en-US') =>
  `${formatMoney(offer.amount, offer.currency, locale)} ${everyPeriod(offer.interval, offer.interval_count, locale)}`;

const TRIALS: Record<'en' | 'de' | 'fr' | 'es', (days: number) => string> = {
  en: (days) => `${days}-day free trial`,
  de: (days) => `${days} Tage kostenlos testen`,
  fr: (days) => `essai gratuit de ${days} jours`,
  es: (days) => `prueba gratuita de ${days} días`,
};

/** "14-day free trial", or null without a trial. */
export const trialLabel = (offer: RecurringOffer, locale = 'en-US') =>
  offer.trial_days > 0 ? TRIALS[languageOf(locale)](offer.trial_days) : null;

const CONSENTS: Record<'en' | 'de' | 'fr' | 'es', (merchant: string, amount: string, trialDays: number) => string> = {
  en: (merchant, amount, days) =>
    `I authorise ${merchant} to charge my card ${amount}${days > 0 ? ` after the ${days}-day free trial` : ''} until I cancel.`,
  de: (merchant, amount, days) =>
    `Ich ermächtige ${merchant}, meine Karte ${days > 0 ? `nach dem ${days}-tägigen kostenlosen Testzeitraum ` : ''}mit ${amount} zu belasten, bis ich kündige.`,
  fr: (merchant, amount, days) =>
    `J’autorise ${merchant} à débiter ma carte de ${amount}${days > 0 ? ` après l’essai gratuit de ${days} jours` : ''} jusqu’à ce que je résilie.`,
  es: (merchant, amount, days) =>
    `Autorizo a ${merchant} a cargar en mi tarjeta ${amount}${days > 0 ? ` después de la prueba gratuita de ${days} días` : ''} hasta que cancele.`,
};

/**
 * The authorisation the buyer ticks, naming the merchant, the amount and the interval, in the buyer's
 * language: the text shown is the text the subscription records.
 */
export function subscribeConsentText(merchantName: string, offer: RecurringOffer, locale = 'en-US') {
  return CONSENTS[languageOf(locale)](merchantName, recurringAmountLabel(offer, locale), offer.trial_days);
}

export const SUBSCRIBE_MESSAGES = {
  consentMissing: 'Tick the box to authorise the recurring charges before subscribing.',
  emailMissing: 'Enter your e-mail address: the subscription’s receipts and notices are sent there.',
  notRecurring: 'This checkout is a one-time payment; it has no subscription to start.',
  unavailable: 'This subscription cannot be started right now. Please contact the merchant.',
  underWay: 'This checkout is already starting a subscription. Wait a moment, or reload the page to start again.',
  declined: 'Your card was not accepted, so the subscription did not start.',
} as const;
