// The buyer pages' translator (docs/i18n.md): their messages hold only `{name}` placeholders — the
// catalogue test keeps plurals and selects out of buyer.*.ts — so the checkout bundle fills them in
// here instead of carrying the ICU parser (~12 KB gzip) against its JavaScript budget. Its output
// equals intl-messageformat's for such messages; the portal, e-mails and PDFs use translate.ts.
import { type Locale, pickLocale } from './locales.ts';
import type { Catalogue, Translate } from './translate.ts';

export function createPlaceholderTranslator<Key extends string>(
  locale: Locale,
  messages: Catalogue,
  fallback: Catalogue = messages,
): Translate<Key> {
  const numbers = new Intl.NumberFormat(locale);
  return (key, values) => {
    const source = messages[key] ?? fallback[key];
    if (source === undefined) return key;
    if (!values) return source;
    return source.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? numbers.format(value) : String(value);
    });
  };
}

/**
 * A page that carries every language of a small catalogue (the hosted pages, the widget): the first
 * of the reader's preferences it has (a language tag, `navigator.languages` or an Accept-Language
 * header) and its translator, English where a text is missing.
 */
export function preferredTranslator<Key extends string>(
  catalogues: Record<Locale, Record<Key, string>>,
  preferences: string | readonly string[] | null | undefined,
): { locale: Locale; t: Translate<Key> } {
  const locale = pickLocale(preferences);
  return { locale, t: createPlaceholderTranslator<Key>(locale, catalogues[locale], catalogues.en) };
}
