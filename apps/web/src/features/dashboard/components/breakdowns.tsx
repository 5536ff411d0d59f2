// Where the money came from: by payment method, by transaction status, and the top products.
import type { DashboardCurrency } from '@kassa/contract/dashboard';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodLabel } from '@kassa/contract/payment-methods';
import { transactionStatusLabel } from '@kassa/contract/transactions';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { ShareTable } from './share-table.tsx';

/** One breakdown in a card: its title, what it counts, and its table. */
function BreakdownCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Card className="dashboard-card">
      <Card.Body>
        <h2 className="h6">{title}</h2>
        {note && <p className="small text-body-secondary mb-2">{note}</p>}
        <div>{children}</div>
      </Card.Body>
    </Card>
  );
}

export function Breakdowns({ block }: { block: DashboardCurrency }) {
  const money = (amount: number) => formatMoney(amount, block.currency);
  const methodTotal = block.by_method.reduce((sum, row) => sum + row.gross_volume, 0);
  const methodCount = block.by_method.reduce((sum, row) => sum + row.count, 0);
  const statusTotal = block.by_status.reduce((sum, row) => sum + row.count, 0);
  const statusAmount = block.by_status.reduce((sum, row) => sum + row.amount, 0);
  return (
    <div className="dashboard-grid">
      <BreakdownCard title="By payment method" note="Captured payments; the totals are the headline figures.">
        <ShareTable
          testId="by-method"
          labelHeader="Method"
          labelClassName="text-nowrap"
          columns={[
            { header: 'Volume', nowrap: true },
            { header: 'Payments', quiet: true },
          ]}
          rows={block.by_method.map((row) => ({
            key: row.method,
            label: paymentMethodLabel(row.method),
            part: row.gross_volume,
            figures: [money(row.gross_volume), row.count],
          }))}
          whole={methodTotal}
          total={{ label: 'Total', figures: [money(methodTotal), methodCount] }}
          empty="No payments"
        />
      </BreakdownCard>
      <BreakdownCard title="By status" note="Every attempt in the period, by its status now.">
        <ShareTable
          testId="by-status"
          labelHeader="Status"
          columns={[{ header: 'Attempts' }, { header: 'Amount', nowrap: true, quiet: true }]}
          rows={block.by_status.map((row) => ({
            key: row.status,
            label: transactionStatusLabel(row.status),
            part: row.count,
            figures: [row.count, money(row.amount)],
          }))}
          whole={statusTotal}
          total={{ label: 'All attempts', figures: [statusTotal, money(statusAmount)] }}
        />
      </BreakdownCard>
      <BreakdownCard title="Top products">
        <Table size="sm" className="mb-0" data-testid="top-products">
          <thead>
            <tr>
              <th>#</th>
              <th>Product</th>
              <th className="text-end">Sold</th>
              <th className="text-end">Volume</th>
            </tr>
          </thead>
          <tbody>
            {block.top_products.map((row, index) => (
              <tr key={row.product_id}>
                <td className="text-body-secondary">{index + 1}</td>
                <td>{row.name}</td>
                <td className="text-end text-body-secondary">{row.count}×</td>
                <td className="text-end text-nowrap">{money(row.gross_volume)}</td>
              </tr>
            ))}
            {block.top_products.length === 0 && (
              <tr>
                <td className="text-body-secondary">No product sales in this period</td>
              </tr>
            )}
          </tbody>
        </Table>
      </BreakdownCard>
    </div>
  );
}
