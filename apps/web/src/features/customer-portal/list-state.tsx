// What a portal list shows before its rows: a spinner while it loads, the error in words, or its empty
// state. The rows themselves only once there are some.
import type { ReactNode } from 'react';
import { CheckoutSpinner, checkoutErrorMessage } from '../checkout/index.ts';

export function ListState<T>({
  list,
  empty,
  failed,
  children,
}: {
  list: { data: T[] | undefined; error: unknown };
  /** Said when the list has no rows. */
  empty: string;
  /** Said when it could not be loaded and the server gave no reason. */
  failed: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (list.error) {
    return (
      <p className="text-danger mb-0" role="alert">
        {checkoutErrorMessage(list.error, failed)}
      </p>
    );
  }
  if (!list.data) return <CheckoutSpinner />;
  if (list.data.length === 0) return <p className="text-body-secondary mb-0">{empty}</p>;
  return <>{children(list.data)}</>;
}
