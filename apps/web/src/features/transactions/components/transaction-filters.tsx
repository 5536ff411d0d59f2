// The filter bar of the transactions list: status (several), method, date range, amount range,
// currency and — for admins — merchant.
import { TRANSACTION_STATUSES, type TransactionStatus } from '@kassa/contract/transactions';
import type { ComponentProps, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { activeFilterCount, EMPTY_FILTERS, type FilterForm, type FilterResult } from '../transaction-filter.ts';
import { statusLabel } from './transaction-status.tsx';

/** A typed filter (date or amount): its label, the box and what is wrong with it. */
function FilterInput({
  id,
  label,
  error,
  onValue,
  ...input
}: { id: string; label: string; error?: string; onValue: (value: string) => void } & ComponentProps<
  typeof Form.Control
>) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...input} onChange={(e) => onValue(e.target.value)} isInvalid={Boolean(error)} data-testid={id} />
      {error !== undefined && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}

/** A one-choice filter whose first option ('') is "all". */
function FilterSelect({
  id,
  label,
  value,
  onValue,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onValue(e.target.value)} data-testid={id}>
        {children}
      </Form.Select>
    </Form.Group>
  );
}

/** Several statuses at once, ticked in a drop-down. */
function StatusFilter({
  value,
  onChange,
}: {
  value: TransactionStatus[];
  onChange: (statuses: TransactionStatus[]) => void;
}) {
  const toggle = (status: TransactionStatus) =>
    onChange(value.includes(status) ? value.filter((s) => s !== status) : [...value, status]);
  const text =
    value.length === 0 ? 'All statuses' : value.length === 1 ? statusLabel(value[0]!) : `${value.length} statuses`;
  return (
    <Form.Group>
      <Form.Label>Status</Form.Label>
      <Dropdown autoClose="outside">
        <Dropdown.Toggle
          as="button"
          type="button"
          className="form-select filter-select-toggle"
          data-testid="filter-status"
        >
          {text}
        </Dropdown.Toggle>
        <Dropdown.Menu className="p-2">
          {TRANSACTION_STATUSES.map((status) => (
            <Form.Check
              key={status}
              id={`filter-status-${status}`}
              label={statusLabel(status)}
              checked={value.includes(status)}
              onChange={() => toggle(status)}
              data-testid={`filter-status-${status}`}
            />
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </Form.Group>
  );
}

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
