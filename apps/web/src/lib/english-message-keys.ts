// The catalogue key of a message the API (or a contract schema) words in English, found by that very
// wording (docs/i18n.md: the API keeps English messages). A catalogue text with `{name}` placeholders
// matches any value in their place ("Use at least {minimum} characters" ↔ "Use at least 8 characters"),
// and the values found go into the translation.
import type { MessageValues } from '@kassa/contract/i18n/translate';

export interface EnglishMatch<Key extends string> {
  key: Key;
  values: MessageValues;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A finder over `catalogue`'s English texts; a text with other ICU arguments (plurals) never matches. */
export function englishMessageKeys<Key extends string>(
  catalogue: Readonly<Record<Key, string>>,
): (message: string) => EnglishMatch<Key> | null {
  const exact = new Map<string, Key>();
  const patterns: { key: Key; pattern: RegExp; names: string[] }[] = [];
  for (const [key, english] of Object.entries(catalogue) as [Key, string][]) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) {
      if (!exact.has(english)) exact.set(english, key);
    } else if (!english.replace(PLACEHOLDER, '').includes('{')) {
      const source = english
        .split(PLACEHOLDER)
        .filter((_, index) => index % 2 === 0)
        .map(escapeRegExp);
      patterns.push({ key, pattern: new RegExp(`^${source.join('(.+?)')}$`), names });
    }
  }
  return (message) => {
    const key = exact.get(message);
    if (key) return { key, values: {} };
    for (const { key, pattern, names } of patterns) {
      const match = pattern.exec(message);
      if (match) return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
    }
    return null;
  };
}
