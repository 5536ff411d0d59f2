// The filter bar of the transactions list: status (several), method, date range, amount range,
// currency and — for admins — merchant.
import { TRANSACTION_STATUSES, type TransactionStatus } from '@kassa/contract/transactions';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { activeFilterCount, EMPTY_FILTERS, type FilterForm, type FilterResult } from '../transaction-filter.ts';
import { statusLabel } from './transaction-status.tsx';

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
  const set = <K extends keyof FilterForm>(key: K, v: FilterForm[K]) => onChange({ ...value, [key]: v });
  const toggleStatus = (status: TransactionStatus) =>
    set(
      'statuses',
      value.statuses.includes(status) ? value.statuses.filter((s) => s !== status) : [...value.statuses, status],
    );
  const statusText =
    value.statuses.length === 0
      ? 'All statuses'
      : value.statuses.length === 1
        ? statusLabel(value.statuses[0]!)
        : `${value.statuses.length} statuses`;

  return (
    <div className="transaction-filters" data-testid="transaction-filters">
      <Form.Group>
        <Form.Label>Status</Form.Label>
        <Dropdown autoClose="outside">
          <Dropdown.Toggle
            as="button"
            type="button"
            className="form-select filter-select-toggle"
            data-testid="filter-status"
          >
            {statusText}
          </Dropdown.Toggle>
          <Dropdown.Menu className="p-2">
            {TRANSACTION_STATUSES.map((status) => (
              <Form.Check
                key={status}
                id={`filter-status-${status}`}
                label={statusLabel(status)}
                checked={value.statuses.includes(status)}
                onChange={() => toggleStatus(status)}
                data-testid={`filter-status-${status}`}
              />
            ))}
          </Dropdown.Menu>
        </Dropdown>
      </Form.Group>
      <Form.Group controlId="filter-method">
        <Form.Label>Method</Form.Label>
        <Form.Select
          value={value.method}
          onChange={(e) => set('method', e.target.value as FilterForm['method'])}
          data-testid="filter-method"
        >
          <option value="">All methods</option>
          <option value="card">Card</option>
          <option value="wallet">Digital wallet</option>
          <option value="gift_card">Gift card</option>
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="filter-from">
        <Form.Label>From</Form.Label>
        <Form.Control
          type="date"
          value={value.from}
          onChange={(e) => set('from', e.target.value)}
          isInvalid={Boolean(errors.from)}
          data-testid="filter-from"
        />
        <Form.Control.Feedback type="invalid">{errors.from}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="filter-to">
        <Form.Label>To</Form.Label>
        <Form.Control
          type="date"
          value={value.to}
          onChange={(e) => set('to', e.target.value)}
          data-testid="filter-to"
        />
      </Form.Group>
      <Form.Group controlId="filter-amount-min">
        <Form.Label>Min amount</Form.Label>
        <Form.Control
          inputMode="decimal"
          placeholder="0.00"
          value={value.amountMin}
          onChange={(e) => set('amountMin', e.target.value)}
          isInvalid={Boolean(errors.amountMin)}
          data-testid="filter-amount-min"
        />
        <Form.Control.Feedback type="invalid">{errors.amountMin}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="filter-amount-max">
        <Form.Label>Max amount</Form.Label>
        <Form.Control
          inputMode="decimal"
          placeholder="Any"
          value={value.amountMax}
          onChange={(e) => set('amountMax', e.target.value)}
          isInvalid={Boolean(errors.amountMax)}
          data-testid="filter-amount-max"
        />
        <Form.Control.Feedback type="invalid">{errors.amountMax}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="filter-currency">
        <Form.Label>Currency</Form.Label>
        <Form.Select
          value={value.currency}
          onChange={(e) => set('currency', e.target.value)}
          data-testid="filter-currency"
        >
          <option value="">All currencies</option>
          <CurrencyOptions />
        </Form.Select>
      </Form.Group>
      {merchants && (
        <Form.Group controlId="filter-merchant">
          <Form.Label>Merchant</Form.Label>
          <Form.Select
            value={value.merchantId}
            onChange={(e) => set('merchantId', e.target.value)}
            data-testid="filter-merchant"
          >
            <option value="">All merchants</option>
            {merchants.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
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
