// The hosted card fields' texts in every language (docs/i18n.md), for the API: it writes the buyer's
// language into the fields page as data (page-html.ts), so fields.js carries English only, and keeps a
// saved card's consent in the words the buyer read. Kept apart from the page shells' catalogue, which
// the approval popup carries whole.
import { declineText } from './buyer-error-keys.ts';
import { hostedFieldsDe } from './catalogues/hosted-fields.de.ts';
import { type HostedFieldsKey, hostedFieldsEn } from './catalogues/hosted-fields.en.ts';
import { hostedFieldsEs } from './catalogues/hosted-fields.es.ts';
import { hostedFieldsFr } from './catalogues/hosted-fields.fr.ts';
import type { Locale } from './locales.ts';
import { preferredTranslator } from './placeholder-translate.ts';

export const HOSTED_FIELDS_CATALOGUES: Record<Locale, Record<HostedFieldsKey, string>> = {
  en: hostedFieldsEn,
  de: hostedFieldsDe,
  fr: hostedFieldsFr,
  es: hostedFieldsEs,
};

/** The fields' translator for a language tag or an Accept-Language header; English for none we have. */
export const hostedFieldsTranslator = (preferences: string | readonly string[] | null | undefined) =>
  preferredTranslator<HostedFieldsKey>(HOSTED_FIELDS_CATALOGUES, preferences);

/**
 * A decline's reason in a buyer's language for what the API writes them itself (the failed-renewal e-mail):
 * the processor's English words for an English reader, else the buyer catalogues' text (buyer-error-keys.ts),
 * the processor's own words quoted when no text says them.
 */
export function buyerDeclineReason(locale: Locale, reason: string, failureCode?: string | null): string {
  if (locale === 'en') return reason;
  const text = declineText(failureCode, reason);
  return text ? hostedFieldsTranslator(locale).t(text.key, text.values) : reason;
}
