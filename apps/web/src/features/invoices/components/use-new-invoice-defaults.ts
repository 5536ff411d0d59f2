import type { Invoice } from '@kassa/contract/invoices';
import { useEffect } from 'react';
import type { UseFormGetFieldState, UseFormSetValue } from 'react-hook-form';
import type { InvoiceFormValues } from './invoice-form.ts';

/** What a new invoice starts with, unless the user already changed the field. */
export function useNewInvoiceDefaults({
  invoice,
  suggestion,
  paymentOptions,
  setValue,
  getFieldState,
}: {
  invoice: Invoice | null;
  suggestion: { invoice_number: string } | undefined;
  paymentOptions: { key: string }[] | undefined;
  setValue: UseFormSetValue<InvoiceFormValues>;
  getFieldState: UseFormGetFieldState<InvoiceFormValues>;
}) {
  // docs/product-rules.md#api-calls: a new invoice starts with the server's suggested number, unless the user typed one.
  useEffect(() => {
    if (suggestion && !getFieldState('invoice_number').isDirty) {
      setValue('invoice_number', suggestion.invoice_number);
    }
  }, [suggestion, setValue, getFieldState]);

  // A new invoice offers every payment option the merchant has set up.
  useEffect(() => {
    if (!invoice && paymentOptions && !getFieldState('payment_options').isDirty) {
      setValue(
        'payment_options',
        paymentOptions.map((option) => option.key),
      );
    }
  }, [invoice, paymentOptions, setValue, getFieldState]);
}
