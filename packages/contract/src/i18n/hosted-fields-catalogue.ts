// The hosted card fields' texts in every language (docs/i18n.md), for the API: it writes the buyer's
// language into the fields page as data (page-html.ts), so fields.js carries English only, and keeps a
// saved card's consent in the words the buyer read. Kept apart from the page shells' catalogue, which
// the approval popup carries whole.
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
