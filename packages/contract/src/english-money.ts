// An amount the API wrote into an English sentence with the contract's formatMoney ("$12.34", "€1,234.50",
// "BHD 1.234"), read back as minor units and currency, so the portal can say it again in the reader's
// language (docs/i18n.md: the API keeps English messages; money is formatted with Intl for the locale).
import { formatMoney, toMinor } from './money.ts';

export interface Money {
  minor: number;
  currency: string;
}

/** The symbol before the digits (or the ISO code Intl shows when en-US has no symbol), then the digits. */
const ENGLISH_MONEY = /^([^\d\s]+)\s?(\d{1,3}(?:,\d{3})*(?:\.\d+)?)$/u;

let currencyBySymbol: Map<string, string> | undefined;

/** en-US's symbol of every currency Intl knows ("$" → USD, "CA$" → CAD); the first currency keeps a shared symbol. */
function currencyOf(symbol: string): string | undefined {
  if (/^[A-Z]{3}$/.test(symbol)) return symbol;
  if (!currencyBySymbol) {
    currencyBySymbol = new Map();
    for (const code of Intl.supportedValuesOf('currency')) {
      const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(1);
      const own = parts.find((part) => part.type === 'currency')?.value;
      if (own && !currencyBySymbol.has(own)) currencyBySymbol.set(own, code);
    }
  }
  return currencyBySymbol.get(symbol);
}

/** The amount in `text`, or null when it is not exactly what formatMoney writes in English. */
export function parseEnglishMoney(text: string): Money | null {
  const match = ENGLISH_MONEY.exec(text.trim());
  const currency = match && currencyOf(match[1]!);
  if (!match || !currency) return null;
  try {
    const minor = toMinor(match[2]!.replaceAll(',', ''), currency);
    return formatMoney(minor, currency) === text.trim() ? { minor, currency } : null;
  } catch {
    return null;
  }
}
