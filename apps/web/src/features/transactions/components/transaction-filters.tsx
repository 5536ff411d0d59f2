// The filter bar of the transactions list: status (several), method, date range, amount range,
// currency and — for admins — merchant.
import Button from 'react-bootstrap/Button';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
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
  // Each text control shows its field and writes it back; the method select only offers FilterForm's methods.
  const field = (key: Exclude<keyof FilterForm, 'statuses'>) => ({
    value: value[key],
    onValue: (text: string) => onChange({ ...value, [key]: text } as FilterForm),
  });

  return (
    <div className="transaction-filters" data-testid="transaction-filters">
      <StatusFilter value={value.statuses} onChange={(statuses) => onChange({ ...value, statuses })} />
      <FilterSelect id="filter-method" label="Method" {...field('method')}>
        <option value="">All methods</option>
        <option value="card">Card</option>
        <option value="wallet">Digital wallet</option>
        <option value="gift_card">Gift card</option>
      </FilterSelect>
      <FilterInput id="filter-from" label="From" type="date" {...field('from')} error={errors.from ?? ''} />
      <FilterInput id="filter-to" label="To" type="date" {...field('to')} />
      <FilterInput
        id="filter-amount-min"
        label="Min amount"
        inputMode="decimal"
        placeholder="0.00"
        {...field('amountMin')}
        error={errors.amountMin ?? ''}
      />
      <FilterInput
        id="filter-amount-max"
        label="Max amount"
        inputMode="decimal"
        placeholder="Any"
        {...field('amountMax')}
        error={errors.amountMax ?? ''}
      />
      <FilterSelect id="filter-currency" label="Currency" {...field('currency')}>
        <option value="">All currencies</option>
        <CurrencyOptions />
      </FilterSelect>
      {merchants && (
        <FilterSelect id="filter-merchant" label="Merchant" {...field('merchantId')}>
          <option value="">All merchants</option>
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
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}
