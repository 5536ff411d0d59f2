// Turns a catalogue key and its values into the reader's text with FormatJS's ICU MessageFormat
// (plurals, selects, numbers: docs/i18n.md), for the portal, e-mails and PDFs; the buyer pages use
// placeholder-translate.ts. A key missing from a language falls back to English, and a
// key missing from English shows as itself; the catalogue test (i18n-catalogues.test.ts) keeps both
// from reaching people.
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from './locales.ts';

export type Catalogue = Readonly<Record<string, string>>;
export type MessageValues = Record<string, string | number | Date>;
export type Translate<Key extends string = string> = (key: Key, values?: MessageValues) => string;

export function createTranslator<Key extends string>(
  locale: Locale,
  messages: Catalogue,
  fallback: Catalogue = messages,
): Translate<Key> {
  const compiled = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      const source = messages[key] ?? fallback[key];
      if (source === undefined) return key;
      format = new IntlMessageFormat(source, locale);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
