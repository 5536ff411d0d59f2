// Country and currency choices for the merchant and business-profile forms, from the contract's tables (docs/product-rules.md#entities: the
// country-to-currency table and the currency symbol map), named by the browser's Intl data in the reader's language.
import { COUNTRY_CURRENCY, CURRENCY_SYMBOLS } from '@kassa/contract/currencies';

type Option = { code: string; name: string };

const displayNames = new Map<string, Intl.DisplayNames>();
function namesOf(locale: string, type: 'region' | 'currency') {
  const key = `${locale}|${type}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type });
    displayNames.set(key, names);
  }
  return names;
}

const nameOr = (names: Intl.DisplayNames, code: string) => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

const countryOptionsByLocale = new Map<string, Option[]>();
/** Every country Kassa knows, named and sorted in `locale`. */
export function countryOptions(locale = 'en'): Option[] {
  let options = countryOptionsByLocale.get(locale);
  if (!options) {
    const names = namesOf(locale, 'region');
    options = Object.keys(COUNTRY_CURRENCY)
      .map((code) => ({ code, name: nameOr(names, code) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    countryOptionsByLocale.set(locale, options);
  }
  return options;
}

/** Every currency as "EUR — Euro", the name in `locale`. */
export const currencyOptions = (locale = 'en'): Option[] =>
  Object.keys(CURRENCY_SYMBOLS)
    .sort()
    .map((code) => ({ code, name: `${code} — ${nameOr(namesOf(locale, 'currency'), code)}` }));

export const COUNTRY_OPTIONS = countryOptions('en');
export const CURRENCY_OPTIONS = currencyOptions('en');

export const countryName = (code: string, locale = 'en') => (code ? nameOr(namesOf(locale, 'region'), code) : '');

/** A select's <option>s from code and name pairs. */
export function CodeOptions({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.code} value={option.code}>
      {option.name}
    </option>
  ));
}
