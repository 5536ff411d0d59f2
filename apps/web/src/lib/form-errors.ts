// The API's failure envelope may carry field errors ({path, message}, docs/ARCHITECTURE.md#api-conventions): show each next
// to its field when the form has one, in the user's language (api-error-text.ts).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorText } from './api-error-text.ts';
import { activePortalI18n } from './use-portal-i18n.ts';

export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (!error || typeof error !== 'object' || !('errors' in error) || !Array.isArray(error.errors)) return;
  for (const entry of error.errors as { path?: unknown; message?: unknown }[]) {
    const field = fields.find((name) => name === entry.path);
    if (field && typeof entry.message === 'string') {
      setError(field, { type: 'server', message: fieldErrorText(entry.message, activePortalI18n()) });
    }
  }
}
