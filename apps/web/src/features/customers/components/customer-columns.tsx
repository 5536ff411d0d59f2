import type { Customer } from '@kassa/contract/customers';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { customerDetailPath } from '../../../config/paths.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The customers list's columns; the name opens the customer's page. */
export function customerColumns(): Column<Customer>[] {
  return [
    {
      key: 'name',
      header: 'Customer',
      sort: 'name',
      cell: (c) => (
        <Link to={customerDetailPath(c.id)} className="fw-semibold" data-testid="customer-name-cell">
          {c.name}
        </Link>
      ),
    },
    { key: 'email', header: 'E-mail', sort: 'email', cellClassName: 'text-break', cell: (c) => c.email ?? '—' },
    { key: 'phone', header: 'Phone', className: 'd-none d-lg-table-cell', cell: (c) => c.phone ?? '—' },
    {
      key: 'reference',
      header: 'Reference',
      className: 'd-none d-md-table-cell',
      cellClassName: 'font-monospace small',
      cell: (c) => c.reference ?? '—',
    },
    {
      key: 'created',
      header: 'Created',
      sort: 'created_at',
      className: 'd-none d-xl-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (c) => dateFormat.format(new Date(c.created_at)),
    },
  ];
}
