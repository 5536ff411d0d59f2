// Recurring invoices: the templates that bill a customer on a schedule, of the mode the header's Test
// mode switch shows; filter by status, search by customer, pages. Each opens its page (schedule, made
// invoices, pause / resume / stop).
import { APP } from '@kassa/contract/access';
import { RECURRING_INVOICE_STATUSES } from '@kassa/contract/recurring-invoices';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { newRecurringInvoicePath } from '../../config/paths.ts';
import { usePaymentMode } from '../../lib/payment-mode.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useRecurringInvoices } from './api/recurring-invoices-api.ts';
import { recurringColumns } from './components/recurring-columns.tsx';
import { RECURRING_STATUS_KEYS } from './components/recurring-status-badge.tsx';

const FILTERS = ['status'] as const;

export function RecurringInvoicesPage() {
  const { t, locale } = usePortalI18n();
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const mode = usePaymentMode();
  const list = useListParams('-created_at');
  const query = useRecurringInvoices(list.apiQuery(FILTERS, { mode }));

  const newButton = rights.create ? (
    <Button onClick={() => navigate(newRecurringInvoicePath())} data-testid="recurring-new">
      {t('recurring.new')}
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader
        title={t('recurring.list.title')}
        description={mode === 'live' ? t('recurring.list.descriptionLive') : t('recurring.list.descriptionTest')}
        actions={newButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun={t('recurring.list.noun')}
        search={{ placeholder: t('recurring.list.search') }}
        testIds={{ search: 'recurring-search', table: 'recurring-table', row: 'recurring-row' }}
        filters={
          <FilterSelect
            list={list}
            filter="status"
            label={t('recurring.list.status')}
            allLabel={t('recurring.list.statusAll')}
            options={RECURRING_INVOICE_STATUSES.map((s) => [s, t(RECURRING_STATUS_KEYS[s])] as const)}
          />
        }
        filtered={isFiltered(list, FILTERS)}
        noMatch={{ title: t('recurring.list.noMatch'), text: t('recurring.list.noMatchText') }}
        none={{
          title: t('recurring.list.none'),
          text: t('recurring.list.noneText'),
          action: newButton,
        }}
        columns={recurringColumns(t, locale)}
      />
    </section>
  );
}
