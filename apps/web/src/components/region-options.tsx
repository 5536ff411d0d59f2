// Country and currency choices for the merchant and business-profile forms, from the contract's tables (docs/product-rules.md#entities: the
// country-to-currency table and the currency symbol map), named by the browser's Intl data.
import { COUNTRY_CURRENCY, CURRENCY_SYMBOLS } from '@kassa/contract/currencies';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

const nameOr = (names: Intl.DisplayNames, code: string) => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

export const COUNTRY_OPTIONS = Object.keys(COUNTRY_CURRENCY)
  .map((code) => ({ code, name: nameOr(regionNames, code) }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const CURRENCY_OPTIONS = Object.keys(CURRENCY_SYMBOLS)
  .sort()
  .map((code) => ({ code, name: `${code} — ${nameOr(currencyNames, code)}` }));

export const countryName = (code: string) => (code ? nameOr(regionNames, code) : '');

/** A select's <option>s from code and name pairs. */
export function CodeOptions({ options }: { options: readonly { code: string; name: string }[] }) {
  return options.map((option) => (
    <option key={option.code} value={option.code}>
      {option.name}
    </option>
  ));
}
