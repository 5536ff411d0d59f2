// An amount typed for a refund or a capture, checked against the most it may be before asking the
// server, with what is wrong in the reader's language (the contract's parseAmountUpTo words it in English).
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney, toMinor } from '@kassa/contract/money';

export function parseAmountLimit(
  value: string,
  currency: string,
  max: number,
  kind: 'refund' | 'capture',
  { t, locale }: { t: Translate; locale: Locale },
): { minor: number } | { error: string } {
  let minor: number;
  try {
    minor = toMinor(value.trim(), currency);
  } catch {
    return { error: t('transactions.amount.invalid') };
  }
  if (minor <= 0)
    return { error: t(kind === 'refund' ? 'transactions.amount.refundZero' : 'transactions.amount.captureZero') };
  if (minor > max) {
    const most = formatMoney(max, currency, locale);
    return {
      error: t(kind === 'refund' ? 'transactions.amount.refundMax' : 'transactions.amount.captureMax', { max: most }),
    };
  }
  return { minor };
}
