// The hosted pages' texts in every language at once (docs/i18n.md): the API writes each page's shell in
// the request's language, and the approval script reads the same words in the language the shell says
// (<html lang>). Small enough to ship whole, and free of the ICU parser.
import { hostedDe } from './catalogues/hosted.de.ts';
import { type HostedKey, hostedEn } from './catalogues/hosted.en.ts';
import { hostedEs } from './catalogues/hosted.es.ts';
import { hostedFr } from './catalogues/hosted.fr.ts';
import { type Locale, pickLocale } from './locales.ts';
import { createPlaceholderTranslator } from './placeholder-translate.ts';
import type { Translate } from './translate.ts';

const CATALOGUES: Record<Locale, Record<HostedKey, string>> = {
  en: hostedEn,
  de: hostedDe,
  fr: hostedFr,
  es: hostedEs,
};

/** The hosted pages' translator for a language tag or an Accept-Language header; English for none we have. */
export function hostedTranslator(preferences: string | readonly string[] | null | undefined): {
  locale: Locale;
  t: Translate<HostedKey>;
} {
  const locale = pickLocale(preferences);
  return { locale, t: createPlaceholderTranslator<HostedKey>(locale, CATALOGUES[locale], hostedEn) };
}
