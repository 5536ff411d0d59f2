// A section of the portal: its title and actions, then its list's state (list-state.tsx) or its rows.
import type { ReactNode } from 'react';
import { ListState } from './list-state.tsx';

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
  return (
    <section className="card checkout-card mt-3" aria-labelledby={`${id}-heading`} data-testid={id}>
      <div className="card-body">
        <div className="portal-section-head">
          <h2 id={`${id}-heading`} className="h5 mb-0">
            {title}
          </h2>
          {actions}
        </div>
        <ListState list={list} empty={empty} failed={failed}>
          {children}
        </ListState>
      </div>
    </section>
  );
}
