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
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { copyInvoice, deleteInvoice, sendInvoice, useInvoices } from './api/invoices-api.ts';
import { invoiceColumns } from './components/invoice-columns.tsx';
import { InvoiceStatusTabs } from './components/invoice-status-tabs.tsx';
import './invoices.css';

const FILTERS = ['status'] as const;

export function InvoicesPage() {
  const { t, locale } = usePortalI18n();
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const list = useListParams('-created_at');
  const query = useInvoices(list.apiQuery(FILTERS));
  const { mutate } = query;

  const send = (invoice: InvoiceSummary) => {
    const isReminder = invoice.status !== 'draft';
    return confirmedAction({
      confirm: {
        title: isReminder
          ? t('invoices.send.againTitle', { number: invoice.invoice_number })
          : t('invoices.send.title', { number: invoice.invoice_number }),
        text: t('invoices.send.text', { email: invoice.customer_email }),
        icon: 'question',
        confirmButtonText: t('invoices.send.confirm'),
        cancelButtonText: t('invoices.confirm.cancel'),
      },
      run: () => sendInvoice(invoice.id),
      done: t('invoices.toast.sent'),
      failed: t('invoices.toast.failed'),
      after: mutate,
    });
  };

  const remove = (invoice: InvoiceSummary) => {
    const isDraft = invoice.status === 'draft';
    return confirmedAction({
      confirm: {
        title: isDraft
          ? t('invoices.remove.draftTitle', { number: invoice.invoice_number })
          : t('invoices.remove.voidTitle', { number: invoice.invoice_number }),
        text: isDraft ? t('invoices.remove.draftText') : t('invoices.remove.voidText'),
        confirmButtonText: isDraft ? t('invoices.remove.draftConfirm') : t('invoices.remove.voidConfirm'),
        cancelButtonText: t('invoices.confirm.cancel'),
      },
      run: () => deleteInvoice(invoice.id),
      done: isDraft ? t('invoices.toast.draftDeleted') : t('invoices.toast.voided'),
      failed: t('invoices.toast.failed'),
      after: mutate,
    });
  };

  // docs/product-rules.md#error-messages: "Something went wrong." when the server gives no message.
  const copy = (invoice: InvoiceSummary) =>
    confirmedAction({
      run: () => copyInvoice(invoice.id),
      done: t('invoices.toast.copied'),
      failed: t('invoices.toast.failed'),
      after: mutate,
    });

  const newButton = rights.create ? (
    <Button onClick={() => navigate(PATHS.addEditInvoice)} data-testid="invoice-new">
      {t('invoices.editor.new')}
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader title={t('invoices.list.title')} description={t('invoices.list.description')} actions={newButton} />
      <InvoiceStatusTabs value={list.get('status')} onChange={(status) => list.update({ status })} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('invoices.list.noun')}
        search={{ placeholder: t('invoices.list.search') }}
        testIds={{ search: 'invoices-search', table: 'invoices-table', row: 'invoice-row' }}
        filtered={Boolean(list.search || list.get('status'))}
        noMatch={{ title: t('invoices.list.noMatch'), text: t('invoices.list.noMatchText') }}
        none={{
          title: t('invoices.list.none'),
          text: t('invoices.list.noneText'),
          action: newButton,
        }}
        columns={invoiceColumns({ t, locale, rights, onSend: send, onCopy: copy, onRemove: remove })}
      />
    </section>
  );
}
