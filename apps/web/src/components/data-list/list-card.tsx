import type { ReactNode } from 'react';
import './data-list.css';

/** The white card a back-office list sits in: a toolbar of search and filters above the table. */
export function ListCard({ toolbar, children }: { toolbar?: ReactNode; children: ReactNode }) {
  return (
    <div className="list-card">
      {toolbar && <div className="list-toolbar">{toolbar}</div>}
      {children}
    </div>
  );
}
