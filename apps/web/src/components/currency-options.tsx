// The <option>s of a currency select: the codes merchants pick most often first, then every code
// Kassa knows (docs/product-rules.md#entities: the currency table), so a select never offers a code the API refuses.
import { CURRENCY_SYMBOLS } from '@kassa/contract/currencies';
import { usePortalI18n } from '../lib/use-portal-i18n.ts';

const COMMON = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'];
const OTHERS = Object.keys(CURRENCY_SYMBOLS)
  .filter((code) => !COMMON.includes(code))
  .sort();

const GROUPS = [
  ['components.currency.common', COMMON],
  ['components.currency.all', OTHERS],
] as const;

export function CurrencyOptions() {
  const { t } = usePortalI18n();
  return GROUPS.map(([key, codes]) => (
    <optgroup key={key} label={t(key)}>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </optgroup>
  ));
}
