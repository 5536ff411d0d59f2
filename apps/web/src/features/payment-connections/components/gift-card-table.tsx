// The merchant's sandbox gift cards with their current balances, newest first as the server sends them.
import type { GiftCardView } from '@kassa/contract/connections';
import { formatMoney } from '@kassa/contract/money';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function GiftCardTable({ rows }: { rows: GiftCardView[] }) {
  const { t, locale } = usePortalI18n();
  return (
    <div className="table-responsive">
      <Table hover className="list-table mb-0" data-testid="gift-card-table">
        <thead>
          <tr>
            <th scope="col">{t('paymentConnections.giftCards.code')}</th>
            <th scope="col" className="text-end">
              {t('paymentConnections.giftCards.balance')}
            </th>
            <th scope="col">{t('paymentConnections.giftCards.col.issued')}</th>
            <th scope="col">{t('paymentConnections.giftCards.col.lastChange')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((card) => (
            <tr key={card.id} data-testid="gift-card-row">
              <td className="font-monospace">{card.code}</td>
              <td className="text-end" data-testid="gift-card-balance-cell">
                {formatMoney(card.balance, card.currency, locale)}
              </td>
              <td className="text-nowrap">{formatDateTime(card.created_at, '—', locale)}</td>
              <td className="text-nowrap">{formatDateTime(card.updated_at, '—', locale)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
