// A form that saves through the API: the contract's schema checks the fields first, the server's
// field errors land next to their fields, and the outcome is toasted with the server's own words
// when it sent some.
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { apiSuccessMessage } from '../../lib/api-client.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';

export function useSaveForm<TValues extends FieldValues, TOutput>({
  resolver,
  defaultValues,
  fields,
  save,
  savedMessage,
  failedMessage,
  onSaved,
}: {
  resolver: Resolver<TValues, unknown, TOutput>;
  defaultValues: DefaultValues<TValues>;
  /** The fields a server's field error may name. */
  fields: readonly Path<TValues>[];
  save: (values: TOutput) => Promise<{ message?: string | null }>;
  /** Toasted when the server's answer carries no message. */
  savedMessage: string;
  failedMessage: string;
  onSaved: () => unknown;
}) {
  const form = useForm<TValues, unknown, TOutput>({ resolver, defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await save(values);
      showToast('success', apiSuccessMessage(response.message, savedMessage));
      await onSaved();
    } catch (error) {
      applyFieldErrors(error, form.setError, fields);
      toastApiError(error, failedMessage);
    }
  });
  return { ...form, onSubmit };
}
