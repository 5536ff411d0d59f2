// The <option>s of a currency select: the codes merchants pick most often first, then every code
// Kassa knows (docs/product-rules.md#entities: the currency table), so a select never offers a code the API refuses.
import { CURRENCY_SYMBOLS } from '@kassa/contract/currencies';

const COMMON = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'];
const OTHERS = Object.keys(CURRENCY_SYMBOLS)
  .filter((code) => !COMMON.includes(code))
  .sort();

export function CurrencyOptions() {
  return (
    <>
      <optgroup label="Common">
        {COMMON.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {OTHERS.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </optgroup>
    </>
  );
}
