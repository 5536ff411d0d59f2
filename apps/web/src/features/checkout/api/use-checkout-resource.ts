// One read of a buyer page: fetched once per path (a buyer's page has nothing to revalidate — the
// session it opens fixes the amount), with loading and error states. Stands in for SWR so the
// checkout bundle stays small.
import { useEffect, useState } from 'react';
import { checkoutRequest } from './checkout-fetch.ts';

export interface CheckoutResource<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
}

/** `headers`: a credential that stays out of the URL (the add-card link's token). */
export function useCheckoutResource<T>(path: string | null, headers?: Record<string, string>): CheckoutResource<T> {
  const headerKey = JSON.stringify(headers ?? {});
  const [state, setState] = useState<CheckoutResource<T> & { path: string | null }>({
    path,
    data: undefined,
    error: undefined,
    isLoading: path !== null,
  });
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((prev) => (prev.path === path ? prev : { path, data: undefined, error: undefined, isLoading: true }));
    checkoutRequest<T>('GET', path, undefined, JSON.parse(headerKey)).then(
      (data) => current && setState({ path, data, error: undefined, isLoading: false }),
      (error: unknown) => current && setState({ path, data: undefined, error, isLoading: false }),
    );
    return () => {
      current = false;
    };
  }, [path, headerKey]);
  // A new path shows its own loading state at once, never the previous page's data.
  if (state.path !== path) return { data: undefined, error: undefined, isLoading: path !== null };
  return state;
}
