import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-client.ts';

/**
 * The signed-out pages' failure shown above the form: cleared when the form is sent again, then the
 * server's words, or `failed` when it sent none.
 */
export function useServerError(failed: string) {
  const [serverError, setServerError] = useState<string | null>(null);
  const attempt = async (send: () => Promise<void>, onFailure?: (error: unknown) => void) => {
    setServerError(null);
    try {
      await send();
    } catch (error) {
      onFailure?.(error);
      setServerError(apiErrorMessage(error, failed));
    }
  };
  return { serverError, attempt };
}
