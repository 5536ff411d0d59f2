// The controls of the transactions filter bar: a typed box, a one-choice select and the several-status drop-down.
import { TRANSACTION_STATUSES, type TransactionStatus } from '@kassa/contract/transactions';
import type { ComponentProps, ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { statusLabel } from './transaction-status.tsx';

/** A typed filter (date or amount): its label, the box and what is wrong with it. */
export function FilterInput({
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
export function FilterSelect({
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
export function StatusFilter({
  value,
  onChange,
}: {
  value: TransactionStatus[];
  onChange: (statuses: TransactionStatus[]) => void;
}) {
  const { t } = usePortalI18n();
  const toggle = (status: TransactionStatus) =>
    onChange(value.includes(status) ? value.filter((s) => s !== status) : [...value, status]);
  const text =
    value.length === 0
      ? t('transactions.filters.allStatuses')
      : value.length === 1
        ? statusLabel(value[0]!, t)
        : t('transactions.filters.statusCount', { count: value.length });
  return (
    <Form.Group>
      <Form.Label>{t('transactions.filters.status')}</Form.Label>
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
              label={statusLabel(status, t)}
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
