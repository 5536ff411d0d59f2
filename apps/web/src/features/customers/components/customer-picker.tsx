// Picks one of the merchant's customers by name, e-mail or reference (GET /customer/?search=), in the
// mode the header's Test mode switch shows: the Virtual Terminal's "Saved card" tab and the invoice form.
import type { Page } from '@kassa/contract/common';
import type { Customer } from '@kassa/contract/customers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import useSWR from 'swr';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

const SHOWN = 5;

export function CustomerPicker({
  id,
  label,
  value,
  onChange,
  help,
}: {
  id: string;
  label: string;
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  help?: string;
}) {
  const { t } = usePortalI18n();
  const mode = usePaymentMode();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const params = new URLSearchParams({ search: term, mode, page_size: String(SHOWN), sort_by: 'name' });
  const { data, error, isLoading } = useSWR<Page<Customer>>(value || !term ? null : `/customer/?${params}`, {
    keepPreviousData: true,
  });

  if (value)
    return (
      <div className="mb-3">
        <div className="form-label">{label}</div>
        <div className="d-flex align-items-center gap-2 border rounded px-3 py-2" data-testid={`${id}-chosen`}>
          <div className="me-auto text-break">
            <div className="fw-semibold">{value.name}</div>
            {value.email && <div className="small text-body-secondary">{value.email}</div>}
          </div>
          <Button size="sm" variant="outline-secondary" onClick={() => onChange(null)} data-testid={`${id}-change`}>
            {t('customers.picker.change')}
          </Button>
        </div>
      </div>
    );

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="search"
        placeholder={t('customers.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
        data-testid={`${id}-search`}
      />
      {help && <Form.Text>{help}</Form.Text>}
      {term && (
        <div className="mt-2" aria-live="polite">
          {error && !data ? (
            <p className="text-danger small mb-0">{apiErrorMessage(error, t('customers.picker.failed'))}</p>
          ) : isLoading && !data ? (
            <Spinner size="sm" aria-label={t('customers.picker.searching')} />
          ) : data?.results.length ? (
            <ListGroup data-testid={`${id}-results`}>
              {data.results.map((c) => (
                <ListGroup.Item key={c.id} action onClick={() => onChange(c)} data-testid={`${id}-option`}>
                  <span className="fw-semibold">{c.name}</span>
                  {c.email && <span className="small text-body-secondary ms-2">{c.email}</span>}
                </ListGroup.Item>
              ))}
            </ListGroup>
          ) : (
            <p className="small text-body-secondary mb-0">{t('customers.picker.none')}</p>
          )}
        </div>
      )}
    </Form.Group>
  );
}
