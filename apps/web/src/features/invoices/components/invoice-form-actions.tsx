// What stands around the invoice editor's form: why it cannot be changed, and its buttons.
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { PendingButton } from '../../../components/pending-button.tsx';
import { PATHS } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { InvoicePdfButton } from './invoice-pdf-button.tsx';

/** Why the form cannot be changed, when it cannot. */
export function InvoiceNotices({
  invoice,
  isOpen,
  mayChange,
}: {
  invoice: { status: string } | null;
  isOpen: boolean;
  mayChange: boolean;
}) {
  const { t } = usePortalI18n();
  if (invoice?.status === 'partially_paid')
    return (
      <Alert variant="info" data-testid="invoice-closed">
        {t('invoices.notice.partlyPaid')}
      </Alert>
    );
  if (!isOpen && invoice)
    return (
      <Alert variant="secondary" data-testid="invoice-closed">
        {invoice.status === 'paid' ? t('invoices.notice.paid') : t('invoices.notice.void')}
      </Alert>
    );
  if (isOpen && !mayChange) return <Alert variant="secondary">{t('invoices.notice.viewOnly')}</Alert>;
  return null;
}

/** Back to the list; save (the form's submit) and save-and-send while the invoice may change. */
export function InvoiceActions({
  readOnly,
  isDraft,
  pending,
  onSend,
  savedInvoice,
}: {
  readOnly: boolean;
  isDraft: boolean;
  pending: boolean;
  onSend: () => void;
  /** The invoice as saved, whose PDF can be downloaded; null while it is new. */
  savedInvoice: { id: string; number: string } | null;
}) {
  const { t } = usePortalI18n();
  return (
    <div className="invoice-actions">
      <Link to={PATHS.invoices} className="btn btn-outline-secondary">
        {t('invoices.editor.back')}
      </Link>
      {savedInvoice && <InvoicePdfButton invoiceId={savedInvoice.id} invoiceNumber={savedInvoice.number} />}
      {!readOnly && (
        <>
          <PendingButton
            type="submit"
            variant="outline-primary"
            pending={pending}
            label={isDraft ? t('invoices.editor.saveDraft') : t('invoices.editor.saveChanges')}
            pendingLabel={t('invoices.editor.saving')}
            testId="inv-save-draft"
          />
          <PendingButton
            type="button"
            variant="primary"
            onClick={onSend}
            pending={pending}
            label={isDraft ? t('invoices.editor.saveAndSend') : t('invoices.editor.saveAndResend')}
            pendingLabel={t('invoices.editor.sending')}
            testId="inv-save-send"
          />
        </>
      )}
    </div>
  );
}
