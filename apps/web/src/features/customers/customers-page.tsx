// Customers: the people the merchant sells to, of the mode the header's Test mode switch shows, with
// search over name, e-mail and reference, filters (saved cards, the days they were created), pages,
// a CSV export of the same search and filters, and a New button.
// Customers are the Virtual Terminal's (apps/api/src/modules/customers/customers.service.ts says
// why); controls follow the user's rights on it and the server enforces them anyway.
import { APP } from '@kassa/contract/access';
import { daysInOrder } from '@kassa/contract/common';
import { CUSTOMER_CARD_FILTERS, type Customer } from '@kassa/contract/customers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FilterDate } from '../../components/data-list/filter-date.tsx';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { type ListParams, toQueryString, useListParams } from '../../components/data-list/use-list-params.ts';
import { useItemModalState } from '../../components/form/use-item-form-modal.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { usePaymentMode } from '../../lib/payment-mode.ts';
import { toastApiError } from '../../lib/toast.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { exportCustomersCsv, useCustomers } from './api/customers-api.ts';
import { customerColumns } from './components/customer-columns.tsx';
import { CustomerFormModal } from './components/customer-form-modal.tsx';

/** A failed blob request carries the error envelope as a Blob: read its message when it is JSON. */
async function errorEnvelopeOf(error: unknown): Promise<unknown> {
  if (!(error instanceof Blob)) return error;
  try {
    return JSON.parse(await error.text());
  } catch {
    return null;
  }
}

const FILTERS = ['saved_card', 'created_from', 'created_to'] as const;
const CARD_FILTER_KEYS = {
  with: 'customers.filters.cardsWith',
  without: 'customers.filters.cardsWithout',
} as const satisfies Record<(typeof CUSTOMER_CARD_FILTERS)[number], string>;

/**
 * The filters the list and its export send. Days out of order would only get the API's refusal, so
 * they are left out (and the page says so) until the person puts them right.
 */
function appliedFilters(list: ListParams) {
  const from = list.get('created_from');
  const to = list.get('created_to');
  const outOfOrder = !daysInOrder(from, to);
  const filters = Object.fromEntries(FILTERS.map((key) => [key, list.get(key)]));
  return { outOfOrder, filters: outOfOrder ? { ...filters, created_from: '', created_to: '' } : filters };
}

export function CustomersPage() {
  const { t, locale } = usePortalI18n();
  const rights = useAppRights(APP.VIRTUAL_TERMINAL);
  const mode = usePaymentMode();
  const list = useListParams('-created_at');
  const { outOfOrder, filters } = appliedFilters(list);
  const query = useCustomers(list.apiQuery([], { ...filters, mode }));
  const form = useItemModalState<Customer>();
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportCustomersCsv(toQueryString({ ...filters, mode, search: list.search }));
      downloadFile(blob, filename);
    } catch (exportError) {
      toastApiError(await errorEnvelopeOf(exportError), t('invoices.toast.failed'));
    } finally {
      setExporting(false);
    }
  };

  const newButton = rights.create ? (
    <Button onClick={() => form.open(null)} data-testid="customer-new">
      {t('customers.new')}
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader
        title={t('customers.title')}
        description={mode === 'live' ? t('customers.descriptionLive') : t('customers.descriptionTest')}
        actions={
          <>
            <Button variant="outline-primary" onClick={runExport} disabled={exporting} data-testid="customers-export">
              {exporting && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {exporting ? t('customers.exporting') : t('customers.export')}
            </Button>
            {newButton}
          </>
        }
      />
      <SearchListCard
        query={query}
        list={list}
        noun={t('customers.noun')}
        search={{ placeholder: t('customers.search') }}
        testIds={{ search: 'customers-search', table: 'customers-table', row: 'customer-row' }}
        filters={
          <>
            <FilterSelect
              list={list}
              filter="saved_card"
              label={t('customers.filters.cards')}
              allLabel={t('customers.filters.cardsAll')}
              options={CUSTOMER_CARD_FILTERS.map((value) => [value, t(CARD_FILTER_KEYS[value])] as const)}
            />
            <FilterDate
              list={list}
              filter="created_from"
              label={t('customers.filters.createdFrom')}
              max={list.get('created_to')}
              invalid={outOfOrder}
            />
            <FilterDate
              list={list}
              filter="created_to"
              label={t('customers.filters.createdTo')}
              min={list.get('created_from')}
              invalid={outOfOrder}
            />
            {outOfOrder && (
              <div className="text-danger small w-100" role="alert" data-testid="customers-dates-out-of-order">
                {t('customers.filters.datesOutOfOrder')}
              </div>
            )}
          </>
        }
        filtered={isFiltered(list, FILTERS)}
        noMatch={{ title: t('customers.noMatch'), text: t('customers.noMatchText') }}
        none={{
          title: t('customers.none'),
          text: mode === 'live' ? t('customers.noneTextLive') : t('customers.noneTextTest'),
          action: newButton,
        }}
        columns={customerColumns(t, locale)}
      />
      <CustomerFormModal
        {...form.modal}
        onSaved={() => {
          void query.mutate();
        }}
      />
    </section>
  );
}
