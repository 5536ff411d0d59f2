// The buyer pages' translator (docs/i18n.md): their messages hold only `{name}` placeholders — the
// catalogue test keeps plurals and selects out of buyer.*.ts — so the checkout bundle fills them in
// here instead of carrying the ICU parser (~12 KB gzip) against its JavaScript budget. Its output
// equals intl-messageformat's for such messages; the portal, e-mails and PDFs use translate.ts.
import type { Locale } from './locales.ts';
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
