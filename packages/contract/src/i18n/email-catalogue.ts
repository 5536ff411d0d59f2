// The server's texts for people (e-mails, PDFs) in every language at once: a server has no download to
// keep small, and one mail batch may go out in four languages (docs/i18n.md).
import { emailDe } from './catalogues/email.de.ts';
import { type EmailKey, emailEn } from './catalogues/email.en.ts';
import { emailEs } from './catalogues/email.es.ts';
import { emailFr } from './catalogues/email.fr.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts';
import { createTranslator, type Translate } from './translate.ts';

const CATALOGUES: Record<Locale, Record<EmailKey, string>> = { en: emailEn, de: emailDe, fr: emailFr, es: emailEs };
const translators = new Map<Locale, Translate<EmailKey>>();

/** The e-mail translator for a stored language; English for none or an unknown one. */
export function emailTranslator(stored: string | null | undefined): { locale: Locale; t: Translate<EmailKey> } {
  const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator<EmailKey>(locale, CATALOGUES[locale], emailEn);
    translators.set(locale, t);
  }
  return { locale, t };
}
