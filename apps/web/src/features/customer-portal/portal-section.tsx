// A section of the portal: its title, then a spinner while it loads, the error in words, the empty
// state, or its rows.
import type { ReactNode } from 'react';

export function PortalSection<T>({
  id,
  title,
  list,
  empty,
  failed,
  children,
  actions,
}: {
  id: string;
  title: string;
  list: { data: T[] | undefined; error: unknown };
  empty: string;
  failed: string;
  children: (rows: T[]) => ReactNode;
  actions?: ReactNode;
}) {
  let body: ReactNode;
  if (list.error) {
    body = (
      <p className="text-danger mb-0" role="alert">
        {checkoutErrorMessage(list.error, failed)}
      </p>
    );
  } else if (!list.data) body = <CheckoutSpinner />;
  else if (list.data.length === 0) body = <p className="text-body-secondary mb-0">{empty}</p>;
  else body = children(list.data);
  return (
    <section className="card checkout-card mt-3" aria-labelledby={`${id}-heading`} data-testid={id}>
      <div className="card-body">
        <div className="portal-section-head">
          <h2 id={`${id}-heading`} className="h5 mb-0">
            {title}
          </h2>
          {actions}
        </div>
        {body}
      </div>
    </section>
  );
}

import { CheckoutSpinner, checkoutErrorMessage } from '../checkout/index.ts';
