// Saving the invoice form: create or update, optionally sending it, then where the editor goes next.
// A send returns to the list; a saved draft stays in the editor with the server's copy (the server
// recomputes every total), and a new invoice moves to its own edit address.
import { bpsToPercentage, type Invoice } from '@kassa/contract/invoices';
import type { UseFormReset, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { PATHS } from '../../../config/paths.ts';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createInvoice, isInvoiceListKey, updateInvoice } from '../api/invoices-api.ts';
import { applyInvoiceErrors, type InvoiceFormOutput, type InvoiceFormValues, invoiceToForm } from './invoice-form.ts';

export function useSaveInvoice({
  invoice,
  onSaved,
  reset,
  setError,
}: {
  invoice: Invoice | null;
  onSaved: (invoice: Invoice) => void;
  reset: UseFormReset<InvoiceFormValues>;
  setError: UseFormSetError<InvoiceFormValues>;
}) {
  const { t } = usePortalI18n();
  const navigate = useNavigate();
  const { mutate: mutateCache } = useSWRConfig();

  return async (values: InvoiceFormOutput, send: boolean) => {
    // The resolver's output holds basis points; the API takes percentages ("8.25") and converts
    // them itself, so they go back to their decimal form.
    const body = {
      ...values,
      discount_percentage: bpsToPercentage(values.discount_percentage),
      shipping_percentage: bpsToPercentage(values.shipping_percentage),
      tax_percentage: bpsToPercentage(values.tax_percentage),
      ...(values.deposit_percentage === undefined
        ? {}
        : { deposit_percentage: bpsToPercentage(values.deposit_percentage) }),
      send,
    };
    try {
      const result = invoice ? await updateInvoice(invoice.id, body) : await createInvoice(body);
      showToast(
        'success',
        apiSuccessMessage(result.message, send ? t('invoices.toast.sent') : t('invoices.toast.saved')),
      );
      // Every cached page of the list is out of date now, even one fetched a moment ago.
      void mutateCache(isInvoiceListKey);
      if (send) {
        navigate(PATHS.invoices);
        return;
      }
      if (invoice) {
        onSaved(result.result);
        reset(invoiceToForm(result.result));
      } else {
        navigate(`${PATHS.addEditInvoice}?id=${encodeURIComponent(result.result.id)}`, { replace: true });
      }
    } catch (saveError) {
      applyInvoiceErrors(saveError, setError);
      // docs/product-rules.md#error-messages: "Something went wrong." when the server gives no message.
      toastApiError(saveError, t('invoices.toast.failed'));
    }
  };
}
