// The recurring invoices list's columns: customer, schedule, next send date, status, amount.
import { formatMoney } from '@kassa/contract/money';
import { frequencyLabel, type RecurringInvoice } from '@kassa/contract/recurring-invoices';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { recurringInvoicePath } from '../../../config/paths.ts';
import { RecurringStatusBadge } from './recurring-status-badge.tsx';

export const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const formatDay = (day: string | null) => (day ? dayFormat.format(new Date(`${day}T00:00:00Z`)) : '—');

export const scheduleText = (r: RecurringInvoice) =>
  frequencyLabel({ interval: r.interval, intervalCount: r.interval_count });

export function recurringColumns(): Column<RecurringInvoice>[] {
  return [
    {
      key: 'customer',
      header: 'Customer',
      cell: (r) => (
        <>
          <Link to={recurringInvoicePath(r.id)} className="fw-semibold" data-testid="recurring-link">
            {r.customer_name}
          </Link>
          <div className="small text-body-secondary">{r.customer_email}</div>
        </>
      ),
    },
    { key: 'schedule', header: 'Schedule', cell: (r) => scheduleText(r) },
    {
      key: 'next',
      header: 'Next invoice',
      sort: 'next_send_date',
      cellClassName: 'text-nowrap small',
      cellTestId: 'recurring-next',
      cell: (r) => formatDay(r.next_send_date),
    },
    { key: 'made', header: 'Sent', align: 'end', cell: (r) => r.invoices_made },
    { key: 'status', header: 'Status', cell: (r) => <RecurringStatusBadge status={r.status} /> },
    {
      key: 'total',
      header: 'Amount',
      sort: 'total_amount',
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cell: (r) => formatMoney(r.total_amount, r.currency),
    },
  ];
}
