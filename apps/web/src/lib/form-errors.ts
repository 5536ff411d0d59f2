// The API's failure envelope may carry field errors ({path, message}, docs/ARCHITECTURE.md#api-conventions): show each next
// to its field when the form has one.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (!error || typeof error !== 'object' || !('errors' in error) || !Array.isArray(error.errors)) return;
  for (const entry of error.errors as { path?: unknown; message?: unknown }[]) {
    const field = fields.find((name) => name === entry.path);
    if (field && typeof entry.message === 'string') setError(field, { type: 'server', message: entry.message });
  }
}
