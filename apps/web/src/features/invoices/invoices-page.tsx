// Invoices (docs/product-rules.md#routes /invoice): filter by status, search, sort and pages; per row
// edit, send, copy as a new draft, copy the public link (/invoice/copy/{id}), delete a draft or void
// a sent one. Controls follow the user's Invoices access (docs/ARCHITECTURE.md).
import { APP } from '@kassa/contract/access';
import type { InvoiceSummary } from '@kassa/contract/invoices';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PATHS } from '../../config/paths.ts';
import { confirmedAction } from '../../lib/confirmed-action.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { copyInvoice, deleteInvoice, sendInvoice, useInvoices } from './api/invoices-api.ts';
import { invoiceColumns } from './components/invoice-columns.tsx';
import { InvoiceStatusTabs } from './components/invoice-status-tabs.tsx';
import './invoices.css';

const FILTERS = ['status'] as const;

export function InvoicesPage() {
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const list = useListParams('-created_at');
  const query = useInvoices(list.apiQuery(FILTERS));
  const { mutate } = query;

  const send = (invoice: InvoiceSummary) => {
    const isReminder = invoice.status !== 'draft';
    return confirmedAction({
      confirm: {
        title: isReminder ? `Send ${invoice.invoice_number} again?` : `Send ${invoice.invoice_number}?`,
        text: `${invoice.customer_email} gets an e-mail with the link to view and pay it.`,
        icon: 'question',
        confirmButtonText: 'Yes, send it',
        cancelButtonText: 'No, return',
      },
      run: () => sendInvoice(invoice.id),
      done: 'Invoice sent to the customer.',
      after: mutate,
    });
  };

  const remove = (invoice: InvoiceSummary) => {
    const isDraft = invoice.status === 'draft';
    return confirmedAction({
      confirm: {
        title: isDraft ? `Delete draft ${invoice.invoice_number}?` : `Void ${invoice.invoice_number}?`,
        text: isDraft
          ? 'The draft is removed for good.'
          : 'The customer can no longer pay it; its link shows that it is void.',
        confirmButtonText: isDraft ? 'Yes, delete draft' : 'Yes, void invoice',
        cancelButtonText: 'No, return',
      },
      run: () => deleteInvoice(invoice.id),
      done: isDraft ? 'Draft invoice deleted.' : 'Invoice voided.',
      after: mutate,
    });
  };

  // docs/product-rules.md#error-messages: "Something went wrong." when the server gives no message.
  const copy = (invoice: InvoiceSummary) =>
    confirmedAction({ run: () => copyInvoice(invoice.id), done: 'Invoice copied as a new draft.', after: mutate });

  const newButton = rights.create ? (
    <Button onClick={() => navigate(PATHS.addEditInvoice)} data-testid="invoice-new">
      New invoice
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader title="Invoices" description="Bill customers and follow what is paid." actions={newButton} />
      <InvoiceStatusTabs value={list.get('status')} onChange={(status) => list.update({ status })} />
      <SearchListCard
        query={query}
        list={list}
        noun="invoices"
        testIds={{ search: 'invoices-search', table: 'invoices-table', row: 'invoice-row' }}
        filtered={Boolean(list.search || list.get('status'))}
        noMatch={{ title: 'No invoices match', text: 'Try another status or search.' }}
        none={{
          title: 'No invoices yet',
          text: 'Bill a customer by e-mail; they view the invoice and pay it online.',
          action: newButton,
        }}
        columns={invoiceColumns({ rights, onSend: send, onCopy: copy, onRemove: remove })}
      />
    </section>
  );
}
