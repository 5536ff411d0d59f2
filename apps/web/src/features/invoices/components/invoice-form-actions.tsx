// What stands around the invoice editor's form: why it cannot be changed, and its buttons.
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { PendingButton } from '../../../components/pending-button.tsx';
import { PATHS } from '../../../config/paths.ts';
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
  if (invoice?.status === 'partially_paid')
    return (
      <Alert variant="info" data-testid="invoice-closed">
        This invoice is partly paid: its lines and total can no longer be changed. The customer can pay the balance from
        the same link.
      </Alert>
    );
  if (!isOpen && invoice)
    return (
      <Alert variant="secondary" data-testid="invoice-closed">
        This invoice is {invoice.status === 'paid' ? 'paid' : 'void'} and can no longer be changed. Copy it from the
        list to bill again.
      </Alert>
    );
  if (isOpen && !mayChange)
    return <Alert variant="secondary">You can view this invoice, but your access does not let you change it.</Alert>;
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
  return (
    <div className="invoice-actions">
      <Link to={PATHS.invoices} className="btn btn-outline-secondary">
        Back to invoices
      </Link>
      {savedInvoice && <InvoicePdfButton invoiceId={savedInvoice.id} invoiceNumber={savedInvoice.number} />}
      {!readOnly && (
        <>
          <PendingButton
            type="submit"
            variant="outline-primary"
            pending={pending}
            label={isDraft ? 'Save as draft' : 'Save changes'}
            pendingLabel="Saving…"
            testId="inv-save-draft"
          />
          <PendingButton
            type="button"
            variant="primary"
            onClick={onSend}
            pending={pending}
            label={isDraft ? 'Save and send' : 'Save and resend'}
            pendingLabel="Sending…"
            testId="inv-save-send"
          />
        </>
      )}
    </div>
  );
}
