// A customer's recurring invoices, on the customer's page, with a link to bill them on a schedule.
import { APP } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListEmpty } from '../../../components/data-list/list-states.tsx';
import { QueryCard } from '../../../components/data-list/query-card.tsx';
import { newRecurringInvoicePath, recurringInvoicePath } from '../../../config/paths.ts';
import { useAppRights } from '../../../lib/use-access.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useRecurringInvoices } from '../api/recurring-invoices-api.ts';
import { formatDay, scheduleText } from './recurring-columns.tsx';
import { RecurringStatusBadge } from './recurring-status-badge.tsx';

export function CustomerRecurringInvoices({ customerId }: { customerId: string }) {
  const { t, locale } = usePortalI18n();
  const rights = useAppRights(APP.INVOICES);
  const query = useRecurringInvoices(`?customer_id=${encodeURIComponent(customerId)}`);
  const add = rights.create ? (
    <Link to={newRecurringInvoicePath(customerId)} data-testid="customer-recurring-new">
      {t('recurring.customer.add')}
    </Link>
  ) : null;
  return (
    <QueryCard
      header={
        <div className="d-flex justify-content-between">
          <span>{t('recurring.list.title')}</span>
          {query.data && query.data.count > 0 && add}
        </div>
      }
      testId="customer-recurring"
      query={query}
      empty={<ListEmpty title={t('recurring.customer.none')} text={t('recurring.customer.noneText')} action={add} />}
    >
      <Table className="mb-0 align-middle" hover>
        <thead>
          <tr>
            <th scope="col">{t('recurring.list.schedule')}</th>
            <th scope="col">{t('recurring.list.next')}</th>
            <th scope="col">{t('recurring.list.amount')}</th>
            <th scope="col">{t('recurring.list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.results.map((r) => (
            <tr key={r.id} data-testid="customer-recurring-row">
              <td>
                <Link to={recurringInvoicePath(r.id)}>{scheduleText(t, r)}</Link>
              </td>
              <td className="text-nowrap">{formatDay(r.next_send_date, locale)}</td>
              <td className="text-nowrap">{formatMoney(r.total_amount, r.currency, locale)}</td>
              <td>
                <RecurringStatusBadge status={r.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </QueryCard>
  );
}
