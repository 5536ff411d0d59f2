// The list's filter form → the API's filter body (contract transactionFilter). Amounts are typed in
// the currency's major unit and sent in minor units (toMinor: exact, never through floats); without a
// currency filter they are read with 2 decimals (docs/product-rules.md#constants: amounts divide by 100).
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import type { Translate } from '@kassa/contract/i18n/translate';
import { toMinor } from '@kassa/contract/money';
import type { TransactionFilter, TransactionStatus } from '@kassa/contract/transactions';

export interface FilterForm {
  statuses: TransactionStatus[];
  method: '' | 'card' | 'wallet' | 'gift_card';
  from: string;
  to: string;
  amountMin: string;
  amountMax: string;
  currency: string;
  merchantId: string;
}

export const EMPTY_FILTERS: FilterForm = {
  statuses: [],
  method: '',
  from: '',
  to: '',
  amountMin: '',
  amountMax: '',
  currency: '',
  merchantId: '',
};

export interface FilterResult {
  filter: Omit<TransactionFilter, 'page' | 'page_size' | 'sort_by' | 'cursor'>;
  errors: Partial<Record<'amountMin' | 'amountMax' | 'from', string>>;
}

function amountOf(value: string, currency: string, t: Translate): number | string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  try {
    const minor = toMinor(trimmed, currency);
    return minor < 0 ? t('transactions.filters.positiveAmount') : minor;
  } catch {
    return t('transactions.amount.invalid');
  }
}

/** The API's filter from the form, and what is wrong with it in the reader's language. */
export function buildFilter(form: FilterForm, search: string, t: Translate): FilterResult {
  const errors: FilterResult['errors'] = {};
  const currency = form.currency || DEFAULT_CURRENCY;
  const min = amountOf(form.amountMin, currency, t);
  const max = amountOf(form.amountMax, currency, t);
  if (typeof min === 'string') errors.amountMin = min;
  if (typeof max === 'string') errors.amountMax = max;
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    errors.amountMin = t('transactions.filters.minAboveMax');
  }
  if (form.from && form.to && form.from > form.to) errors.from = t('transactions.filters.fromAfterTo');

  const filter: FilterResult['filter'] = {};
  if (form.statuses.length) filter.status = form.statuses;
  if (form.method) filter.method = [form.method];
  if (form.from && !errors.from) filter.from = form.from;
  if (form.to && !errors.from) filter.to = form.to;
  if (typeof min === 'number' && !errors.amountMin) filter.amount_min = min;
  if (typeof max === 'number' && !errors.amountMin) filter.amount_max = max;
  if (form.currency) filter.currency = form.currency;
  if (search.trim()) filter.search = search.trim();
  if (form.merchantId) filter.merchant_id = form.merchantId;
  return { filter, errors };
}

export const activeFilterCount = (form: FilterForm) =>
  [
    form.statuses.length > 0,
    form.method,
    form.from || form.to,
    form.amountMin || form.amountMax,
    form.currency,
    form.merchantId,
  ].filter(Boolean).length;
