// Downloads the invoice as the customer gets it: the PDF the server draws (GET /invoice/{id}/pdf/).
import { useState } from 'react';
import { PendingButton } from '../../../components/pending-button.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { downloadPdf } from '../../transactions/index.ts';

export const invoicePdfPath = (id: string) => `/invoice/${id}/pdf/`;

export function InvoicePdfButton({ invoiceId, invoiceNumber }: { invoiceId: string; invoiceNumber: string }) {
  const { t } = usePortalI18n();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    await downloadPdf(invoicePdfPath(invoiceId), `invoice-${invoiceNumber}.pdf`);
    setPending(false);
  };
  return (
    <PendingButton
      type="button"
      variant="outline-secondary"
      onClick={() => void download()}
      pending={pending}
      label={t('invoices.pdf.download')}
      pendingLabel={t('invoices.pdf.preparing')}
      testId="inv-download-pdf"
    />
  );
}
