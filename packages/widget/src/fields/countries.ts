// The billing country select (docs/product-rules.md#checkout-payment-panel: address.country, an ISO 3166-1 alpha-2 code). The codes come
// from the contract's country table; the names from the browser's own Intl data, so no name list ships.
import { COUNTRY_CURRENCY } from '@kassa/contract/currencies';

export interface CountryOption {
  code: string;
  name: string;
}

export function countryOptions(locale = 'en'): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null; // an old browser without DisplayNames shows the codes
  }
  return Object.keys(COUNTRY_CURRENCY)
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
