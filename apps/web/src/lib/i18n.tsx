// The reader's language on every page (docs/i18n.md): one context holding the locale and its
// translator, set by the buyer entry (checkout-main.tsx, from the browser) and by the back office
// (from the user's profile). Money, dates and numbers go through the contract's Intl helpers with the
// same locale, so an amount reads "12,34 €" wherever the text around it is German.
import { buyerEn } from '@kassa/contract/i18n/catalogues/buyer.en';
import { DEFAULT_LOCALE, type Locale } from '@kassa/contract/i18n/locales';
import { createPlaceholderTranslator } from '@kassa/contract/i18n/placeholder-translate';
import type { Translate } from '@kassa/contract/i18n/translate';
import { createContext, useContext } from 'react';

export type TextKey = string;

export interface I18n {
  locale: Locale;
  t: Translate<TextKey>;
}

export const defaultI18n: I18n = { locale: DEFAULT_LOCALE, t: createPlaceholderTranslator(DEFAULT_LOCALE, buyerEn) };

const I18nContext = createContext<I18n>(defaultI18n);
export const I18nProvider = I18nContext.Provider;

/** The page's locale and translator; English outside a provider (unit tests of a single component). */
export const useI18n = (): I18n => useContext(I18nContext);

/** Marks the document with its language, so screen readers and the browser's hyphenation follow it. */
export function setDocumentLanguage(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
