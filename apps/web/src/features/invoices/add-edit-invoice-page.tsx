// Add or edit an invoice (docs/product-rules.md#routes /add-edit-invoice, ?id=… to edit): customer,
// number (suggested by the server, unique per merchant), due date, currency, description, items,
// discount / shipping / tax percentages with live totals, payment options, comment; save as a draft
// or save and send. The server recomputes the totals; after a save the page shows the server's.

import { useSearchParams } from 'react-router';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useInvoice } from './api/invoices-api.ts';
import { InvoiceEditor } from './components/invoice-editor.tsx';
import './invoices.css';

export function AddEditInvoicePage() {
  const { t } = usePortalI18n();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: invoice, error, mutate } = useInvoice(id);
  if (id && error && !invoice) {
    return (
      <section>
        <PageHeader title={t('invoices.editor.edit')} />
        <ListError error={error} onRetry={() => mutate()} fallback={t('invoices.editor.loadFailed')} />
      </section>
    );
  }
  if (id && !invoice) return <PageSpinner />;
  // A new key per invoice: the form starts from that invoice's saved values.
  return (
    <InvoiceEditor key={invoice?.id ?? 'new'} invoice={invoice ?? null} onSaved={(saved) => mutate(saved, false)} />
  );
}
