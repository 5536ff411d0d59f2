// The <option>s of a currency select: the codes merchants pick most often first, then every code
// Kassa knows (docs/product-rules.md#entities: the currency table), so a select never offers a code the API refuses.
import { CURRENCY_SYMBOLS } from '@kassa/contract/currencies';

const COMMON = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'];
const OTHERS = Object.keys(CURRENCY_SYMBOLS)
  .filter((code) => !COMMON.includes(code))
  .sort();

const GROUPS = [
  ['Common', COMMON],
  ['All currencies', OTHERS],
] as const;

export function CurrencyOptions() {
  return GROUPS.map(([label, codes]) => (
    <optgroup key={label} label={label}>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </optgroup>
  ));
}
