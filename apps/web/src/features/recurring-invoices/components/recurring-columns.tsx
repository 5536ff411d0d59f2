// The recurring invoices list's columns: customer, schedule, next send date, status, amount.
import type { BillingInterval } from '@kassa/contract/billing-calendar';
import { formatCalendarDate } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { recurringInvoicePath } from '../../../config/paths.ts';
import { RecurringStatusBadge } from './recurring-status-badge.tsx';

export const formatDay = (day: string | null, locale: Locale) => (day ? formatCalendarDate(day, locale) : '—');

// The contract's frequencyLabel in the reader's language: its named presets, else "Every 3 days".
const PRESETS: Partial<Record<`${BillingInterval}-${number}`, string>> = {
  'day-1': 'recurring.frequency.daily',
  'week-1': 'recurring.frequency.weekly',
  'month-1': 'recurring.frequency.monthly',
  'month-3': 'recurring.frequency.quarterly',
  'year-1': 'recurring.frequency.yearly',
};
const EVERY: Record<BillingInterval, string> = {
  day: 'recurring.frequency.days',
  week: 'recurring.frequency.weeks',
  month: 'recurring.frequency.months',
  year: 'recurring.frequency.years',
};

/** "Monthly", "Every 2 weeks", "Every 3 days": how a schedule reads to a person. */
export function frequencyText(t: Translate, interval: BillingInterval, count: number): string {
  const preset = PRESETS[`${interval}-${count}`];
  return preset ? t(preset) : t(EVERY[interval], { count });
}

export const scheduleText = (t: Translate, r: RecurringInvoice) => frequencyText(t, r.interval, r.interval_count);

export function recurringColumns(t: Translate, locale: Locale): Column<RecurringInvoice>[] {
  return [
    {
      key: 'customer',
      header: t('recurring.list.customer'),
      cell: (r) => (
        <>
          <Link to={recurringInvoicePath(r.id)} className="fw-semibold" data-testid="recurring-link">
            {r.customer_name}
          </Link>
          <div className="small text-body-secondary">{r.customer_email}</div>
        </>
      ),
    },
    { key: 'schedule', header: t('recurring.list.schedule'), cell: (r) => scheduleText(t, r) },
    {
      key: 'next',
      header: t('recurring.list.next'),
      sort: 'next_send_date',
      cellClassName: 'text-nowrap small',
      cellTestId: 'recurring-next',
      cell: (r) => formatDay(r.next_send_date, locale),
    },
    { key: 'made', header: t('recurring.list.sent'), align: 'end', cell: (r) => r.invoices_made },
    { key: 'status', header: t('recurring.list.status'), cell: (r) => <RecurringStatusBadge status={r.status} /> },
    {
      key: 'total',
      header: t('recurring.list.amount'),
      sort: 'total_amount',
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cell: (r) => formatMoney(r.total_amount, r.currency, locale),
    },
  ];
}
