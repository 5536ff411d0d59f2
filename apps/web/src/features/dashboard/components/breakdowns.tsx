// Where the money came from: by payment method, by transaction status, and the top products.
import type { DashboardCurrency } from '@kassa/contract/dashboard';
import { formatNumber } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { methodLabel, statusLabel } from '../../transactions/index.ts';
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
  const { t, locale } = usePortalI18n();
  const money = (amount: number) => formatMoney(amount, block.currency, locale);
  const count = (value: number) => formatNumber(value, locale);
  const methodTotal = block.by_method.reduce((sum, row) => sum + row.gross_volume, 0);
  const methodCount = block.by_method.reduce((sum, row) => sum + row.count, 0);
  const statusTotal = block.by_status.reduce((sum, row) => sum + row.count, 0);
  const statusAmount = block.by_status.reduce((sum, row) => sum + row.amount, 0);
  return (
    <div className="dashboard-grid">
      <BreakdownCard title={t('dashboard.byMethod.title')} note={t('dashboard.byMethod.note')}>
        <ShareTable
          testId="by-method"
          labelHeader={t('dashboard.byMethod.method')}
          labelClassName="text-nowrap"
          columns={[
            { key: 'volume', header: t('dashboard.volume'), nowrap: true },
            { key: 'payments', header: t('dashboard.byMethod.payments'), quiet: true },
          ]}
          rows={block.by_method.map((row) => ({
            key: row.method,
            label: methodLabel(row.method, t),
            part: row.gross_volume,
            figures: [money(row.gross_volume), count(row.count)],
          }))}
          whole={methodTotal}
          total={{ label: t('dashboard.byMethod.total'), figures: [money(methodTotal), count(methodCount)] }}
          empty={t('dashboard.byMethod.empty')}
        />
      </BreakdownCard>
      <BreakdownCard title={t('dashboard.byStatus.title')} note={t('dashboard.byStatus.note')}>
        <ShareTable
          testId="by-status"
          labelHeader={t('dashboard.byStatus.status')}
          columns={[
            { key: 'attempts', header: t('dashboard.byStatus.attempts') },
            { key: 'amount', header: t('dashboard.byStatus.amount'), nowrap: true, quiet: true },
          ]}
          rows={block.by_status.map((row) => ({
            key: row.status,
            label: statusLabel(row.status, t),
            part: row.count,
            figures: [count(row.count), money(row.amount)],
          }))}
          whole={statusTotal}
          total={{ label: t('dashboard.byStatus.total'), figures: [count(statusTotal), money(statusAmount)] }}
        />
      </BreakdownCard>
      <BreakdownCard title={t('dashboard.topProducts.title')}>
        <Table size="sm" className="mb-0" data-testid="top-products">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('dashboard.topProducts.product')}</th>
              <th className="text-end">{t('dashboard.topProducts.sold')}</th>
              <th className="text-end">{t('dashboard.volume')}</th>
            </tr>
          </thead>
          <tbody>
            {block.top_products.map((row, index) => (
              <tr key={row.product_id}>
                <td className="text-body-secondary">{index + 1}</td>
                <td>{row.name}</td>
                <td className="text-end text-body-secondary">{count(row.count)}×</td>
                <td className="text-end text-nowrap">{money(row.gross_volume)}</td>
              </tr>
            ))}
            {block.top_products.length === 0 && (
              <tr>
                <td className="text-body-secondary">{t('dashboard.topProducts.empty')}</td>
              </tr>
            )}
          </tbody>
        </Table>
      </BreakdownCard>
    </div>
  );
}
