// Recurring invoices: the templates that bill a customer on a schedule, of the mode the header's Test
// mode switch shows; filter by status, search by customer, pages. Each opens its page (schedule, made
// invoices, pause / resume / stop).
import { APP } from '@kassa/contract/access';
import { RECURRING_INVOICE_STATUSES, RECURRING_STATUS_LABELS } from '@kassa/contract/recurring-invoices';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { newRecurringInvoicePath } from '../../config/paths.ts';
import { usePaymentMode } from '../../lib/payment-mode.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { useRecurringInvoices } from './api/recurring-invoices-api.ts';
import { recurringColumns } from './components/recurring-columns.tsx';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = RECURRING_INVOICE_STATUSES.map((s) => [s, RECURRING_STATUS_LABELS[s]] as const);

export function RecurringInvoicesPage() {
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const mode = usePaymentMode();
  const list = useListParams('-created_at');
  const query = useRecurringInvoices(list.apiQuery(FILTERS, { mode }));

  const newButton = rights.create ? (
    <Button onClick={() => navigate(newRecurringInvoicePath())} data-testid="recurring-new">
      New recurring invoice
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader
        title="Recurring invoices"
        description={`Invoices sent to a customer on a schedule: weekly, monthly, yearly (${mode} mode).`}
        actions={newButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun="recurring invoices"
        search={{ placeholder: 'Search customer name or e-mail' }}
        testIds={{ search: 'recurring-search', table: 'recurring-table', row: 'recurring-row' }}
        filters={<FilterSelect list={list} filter="status" label="Status" options={STATUS_OPTIONS} />}
        filtered={isFiltered(list, FILTERS)}
        noMatch={{ title: 'No recurring invoices match', text: 'Try another status or search.' }}
        none={{
          title: 'No recurring invoices yet',
          text: 'Bill a customer every week, month or year: each invoice is e-mailed, or charged to their saved card.',
          action: newButton,
        }}
        columns={recurringColumns()}
      />
    </section>
  );
}
