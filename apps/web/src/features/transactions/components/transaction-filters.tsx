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
  const set =
    <K extends keyof FilterForm>(key: K) =>
    (v: FilterForm[K]) =>
      onChange({ ...value, [key]: v });

  return (
    <div className="transaction-filters" data-testid="transaction-filters">
      <StatusFilter value={value.statuses} onChange={set('statuses')} />
      <FilterSelect
        id="filter-method"
        label="Method"
        value={value.method}
        onValue={(method) => set('method')(method as FilterForm['method'])}
      >
        <option value="">All methods</option>
        <option value="card">Card</option>
        <option value="wallet">Digital wallet</option>
        <option value="gift_card">Gift card</option>
      </FilterSelect>
      <FilterInput
        id="filter-from"
        label="From"
        type="date"
        value={value.from}
        onValue={set('from')}
        error={errors.from ?? ''}
      />
      <FilterInput id="filter-to" label="To" type="date" value={value.to} onValue={set('to')} />
      <FilterInput
        id="filter-amount-min"
        label="Min amount"
        inputMode="decimal"
        placeholder="0.00"
        value={value.amountMin}
        onValue={set('amountMin')}
        error={errors.amountMin ?? ''}
      />
      <FilterInput
        id="filter-amount-max"
        label="Max amount"
        inputMode="decimal"
        placeholder="Any"
        value={value.amountMax}
        onValue={set('amountMax')}
        error={errors.amountMax ?? ''}
      />
      <FilterSelect id="filter-currency" label="Currency" value={value.currency} onValue={set('currency')}>
        <option value="">All currencies</option>
        <CurrencyOptions />
      </FilterSelect>
      {merchants && (
        <FilterSelect id="filter-merchant" label="Merchant" value={value.merchantId} onValue={set('merchantId')}>
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
