// The languages people read Kassa in (docs/i18n.md): English, the fallback, and German, French and Spanish,
// each complete. No imports: the buyer pages' small bundle picks a language before anything else loads.

export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a language picker lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The first supported language among the reader's preferences, in their order: a browser's
 * `navigator.languages` (["de-CH", "en"] → "de") or an `Accept-Language` header
 * ("fr-CA,fr;q=0.9,en;q=0.5" → "fr"). English when none is supported.
 */
export function pickLocale(preferences: readonly string[] | string | null | undefined): Locale {
  const list = typeof preferences === 'string' ? fromAcceptLanguage(preferences) : (preferences ?? []);
  for (const tag of list) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The header's supported language, or null when it names none (then nothing is remembered). */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const tags = fromAcceptLanguage(header);
  return tags.some((tag) => isLocale(tag.toLowerCase().split(/[-_]/)[0])) ? pickLocale(tags) : null;
}

/** An Accept-Language header's tags, highest weight first ("*" and malformed weights dropped). */
function fromAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
