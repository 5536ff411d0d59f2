// The invoice's customer (docs/product-rules.md#partial-payments): search the merchant's saved
// customers and bill one; its name and e-mail fill the bill-to fields, which stay editable.
import type { InvoiceCustomerOption } from '@kassa/contract/invoices';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import useSWR from 'swr';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export interface PickedCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** "Noor Al Haddad" → first name "Noor", last name "Al Haddad". */
const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

export function CustomerPicker({
  customerId,
  onPick,
  disabled,
}: {
  customerId: string;
  onPick: (customer: PickedCustomer | null) => void;
  disabled?: boolean;
}) {
  const { t } = usePortalI18n();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<InvoiceCustomerOption | null>(null);
  const query = search.trim();
  const { data, isLoading } = useSWR<InvoiceCustomerOption[]>(
    query ? `/invoice/customers/?search=${encodeURIComponent(query)}` : null,
    { keepPreviousData: true },
  );

  if (customerId) {
    return (
      <div className="d-flex align-items-center gap-2 mb-3" data-testid="inv-customer-picked">
        <span className="small">
          {t('invoices.customer.saved')} <strong>{picked ? picked.name : t('invoices.customer.linked')}</strong>
          {picked?.email && ` <${picked.email}>`}
        </span>
        {!disabled && (
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setPicked(null);
              onPick(null);
            }}
          >
            {t('invoices.customer.unlink')}
          </Button>
        )}
      </div>
    );
  }
  // A closed invoice keeps the customer it had: nothing to search for.
  if (disabled) return null;
  return (
    <Form.Group controlId="inv-customer-search" className="mb-3">
      <Form.Label>{t('invoices.customer.find')}</Form.Label>
      <Form.Control
        type="search"
        placeholder={t('invoices.customer.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="inv-customer-search"
      />
      {query && (
        <ListGroup className="mt-1" data-testid="inv-customer-options">
          {isLoading && !data && <ListGroup.Item disabled>{t('invoices.customer.searching')}</ListGroup.Item>}
          {data?.length === 0 && <ListGroup.Item disabled>{t('invoices.customer.noMatch', { query })}</ListGroup.Item>}
          {data?.map((c) => (
            <ListGroup.Item
              key={c.id}
              action
              type="button"
              onClick={() => {
                setPicked(c);
                setSearch('');
                onPick({ id: c.id, ...splitName(c.name), email: c.email ?? '' });
              }}
            >
              {c.name} {c.email && <span className="text-body-secondary">&lt;{c.email}&gt;</span>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Form.Group>
  );
}
