// The invoices a recurring invoice has made, newest first, each linking to the invoice.
import { formatMoment } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListEmpty } from '../../../components/data-list/list-states.tsx';
import { QueryCard } from '../../../components/data-list/query-card.tsx';
import { editInvoicePath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { InvoiceStatusBadge, useInvoices } from '../../invoices/index.ts';
import { formatDay } from './recurring-columns.tsx';

const SHOWN = 20;

export function MadeInvoicesCard({ recurring }: { recurring: RecurringInvoice }) {
  const params = new URLSearchParams({ recurring_invoice_id: recurring.id, page_size: String(SHOWN) });
  const query = useInvoices(`?${params}`);
  const { data } = query;
  const { t, locale } = usePortalI18n();
  return (
    <QueryCard
      header={
        data && data.count > SHOWN
          ? t('recurring.made.titleLatest', { shown: SHOWN, count: data.count })
          : t('recurring.made.title')
      }
      testId="made-invoices"
      query={query}
      empty={
        <ListEmpty
          title={t('recurring.made.none')}
          text={
            recurring.next_send_date
              ? t('recurring.made.first', { date: formatDay(recurring.next_send_date, locale) })
              : t('recurring.made.noMore')
          }
        />
      }
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">{t('invoices.list.number')}</th>
            <th scope="col">{t('recurring.list.sent')}</th>
            <th scope="col">{t('invoices.list.due')}</th>
            <th scope="col">{t('invoices.list.status')}</th>
            <th scope="col" className="text-end">
              {t('invoices.list.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.results.map((invoice) => (
            <tr key={invoice.id} data-testid="made-invoice">
              <td>
                <Link to={editInvoicePath(invoice.id)}>{invoice.invoice_number}</Link>
              </td>
              <td className="text-nowrap small">
                {invoice.sent_at ? formatMoment(new Date(invoice.sent_at), locale) : '—'}
              </td>
              <td className="text-nowrap small">{formatDay(invoice.due_date, locale)}</td>
              <td>
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="text-end text-nowrap">{formatMoney(invoice.total_amount, invoice.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </QueryCard>
  );
}
