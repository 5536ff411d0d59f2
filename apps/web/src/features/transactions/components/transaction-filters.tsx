// The filter bar of the transactions list: status (several), method, date range, amount range,
// currency and — for admins — merchant.
import Button from 'react-bootstrap/Button';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { activeFilterCount, EMPTY_FILTERS, type FilterForm, type FilterResult } from '../transaction-filter.ts';
import { FilterInput, FilterSelect, StatusFilter } from './transaction-filter-fields.tsx';

export function TransactionFilters({
  value,
  onChange,
  errors,
  merchants,
}: {
  value: FilterForm;
  onChange: (next: FilterForm) => void;
  errors: FilterResult['errors'];
  /** Admins only: the merchants to filter by. */
  merchants: { id: string; name: string }[] | null;
}) {
  const { t } = usePortalI18n();
  // Each text control shows its field and writes it back; the method select only offers FilterForm's methods.
  const field = (key: Exclude<keyof FilterForm, 'statuses'>) => ({
    value: value[key],
    onValue: (text: string) => onChange({ ...value, [key]: text } as FilterForm),
  });

  return (
    <div className="transaction-filters" data-testid="transaction-filters">
      <StatusFilter value={value.statuses} onChange={(statuses) => onChange({ ...value, statuses })} />
      <FilterSelect id="filter-method" label={t('transactions.filters.method')} {...field('method')}>
        <option value="">{t('transactions.filters.allMethods')}</option>
        <option value="card">{t('transactions.method.card')}</option>
        <option value="wallet">{t('transactions.method.wallet')}</option>
        <option value="gift_card">{t('transactions.method.giftCard')}</option>
      </FilterSelect>
      <FilterInput
        id="filter-from"
        label={t('transactions.filters.from')}
        type="date"
        {...field('from')}
        error={errors.from ?? ''}
      />
      <FilterInput id="filter-to" label={t('transactions.filters.to')} type="date" {...field('to')} />
      <FilterInput
        id="filter-amount-min"
        label={t('transactions.filters.minAmount')}
        inputMode="decimal"
        placeholder="0.00"
        {...field('amountMin')}
        error={errors.amountMin ?? ''}
      />
      <FilterInput
        id="filter-amount-max"
        label={t('transactions.filters.maxAmount')}
        inputMode="decimal"
        placeholder={t('transactions.filters.any')}
        {...field('amountMax')}
        error={errors.amountMax ?? ''}
      />
      <FilterSelect id="filter-currency" label={t('transactions.filters.currency')} {...field('currency')}>
        <option value="">{t('transactions.filters.allCurrencies')}</option>
        <CurrencyOptions />
      </FilterSelect>
      {merchants && (
        <FilterSelect id="filter-merchant" label={t('transactions.filters.merchant')} {...field('merchantId')}>
          <option value="">{t('transactions.filters.allMerchants')}</option>
          {merchants.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </FilterSelect>
      )}
      {activeFilterCount(value) > 0 && (
        <div className="d-flex align-items-end">
          <Button variant="link" onClick={() => onChange(EMPTY_FILTERS)} data-testid="filter-clear">
            {t('transactions.filters.clear')}
          </Button>
        </div>
      )}
    </div>
  );
}
