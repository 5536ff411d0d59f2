// The merchant's sandbox gift cards with their current balances, newest first as the server sends them.
import type { GiftCardView } from '@kassa/contract/connections';
import { formatMoney } from '@kassa/contract/money';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '../../../components/data-list/format.ts';

export function GiftCardTable({ rows }: { rows: GiftCardView[] }) {
  return (
    <div className="table-responsive">
      <Table hover className="list-table mb-0" data-testid="gift-card-table">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col" className="text-end">
              Balance
            </th>
            <th scope="col">Issued</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((card) => (
            <tr key={card.id} data-testid="gift-card-row">
              <td className="font-monospace">{card.code}</td>
              <td className="text-end" data-testid="gift-card-balance-cell">
                {formatMoney(card.balance, card.currency)}
              </td>
              <td className="text-nowrap">{formatDateTime(card.created_at)}</td>
              <td className="text-nowrap">{formatDateTime(card.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
