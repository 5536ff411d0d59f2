import type { Customer } from '@kassa/contract/customers';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { customerDetailPath } from '../../../config/paths.ts';

/** The customers list's columns, in the reader's language; the name opens the customer's page. */
export function customerColumns(t: Translate, locale: Locale): Column<Customer>[] {
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return [
    {
      key: 'name',
      header: t('customers.list.customer'),
      sort: 'name',
      cell: (c) => (
        <Link to={customerDetailPath(c.id)} className="fw-semibold" data-testid="customer-name-cell">
          {c.name}
        </Link>
      ),
    },
    {
      key: 'email',
      header: t('customers.list.email'),
      sort: 'email',
      cellClassName: 'text-break',
      cell: (c) => c.email ?? '—',
    },
    {
      key: 'phone',
      header: t('customers.list.phone'),
      className: 'd-none d-lg-table-cell',
      cell: (c) => c.phone ?? '—',
    },
    {
      key: 'reference',
      header: t('customers.list.reference'),
      className: 'd-none d-md-table-cell',
      cellClassName: 'font-monospace small',
      cell: (c) => c.reference ?? '—',
    },
    {
      key: 'created',
      header: t('customers.list.created'),
      sort: 'created_at',
      className: 'd-none d-xl-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (c) => dateFormat.format(new Date(c.created_at)),
    },
  ];
}
