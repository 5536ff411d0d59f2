// Where the money came from: by payment method, by transaction status, and the top products.
import type { DashboardCurrency } from '@kassa/contract/dashboard';
import { formatMoney } from '@kassa/contract/money';
import { transactionStatusLabel } from '@kassa/contract/transactions';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';

const METHOD_LABEL: Record<string, string> = { card: 'Card', wallet: 'Digital wallet', gift_card: 'Gift card' };

function Share({ part, whole }: { part: number; whole: number }) {
  const percent = whole > 0 ? Math.round((part / whole) * 100) : 0;
  return (
    <div className="share-bar" title={`${percent} %`}>
      <span style={{ width: `${percent}%` }} />
    </div>
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
      <Card className="dashboard-card">
        <Card.Body>
          <h2 className="h6">By payment method</h2>
          <p className="small text-body-secondary mb-2">Captured payments; the totals are the headline figures.</p>
          <div>
            <Table size="sm" className="mb-0" data-testid="by-method">
              <thead>
                <tr>
                  <th>Method</th>
                  <th className="share-cell d-none d-sm-table-cell">Share</th>
                  <th className="text-end">Volume</th>
                  <th className="text-end">Payments</th>
                </tr>
              </thead>
              <tbody>
                {block.by_method.map((row) => (
                  <tr key={row.method}>
                    <td className="text-nowrap">{METHOD_LABEL[row.method] ?? row.method}</td>
                    <td className="share-cell d-none d-sm-table-cell">
                      <Share part={row.gross_volume} whole={methodTotal} />
                    </td>
                    <td className="text-end text-nowrap">{money(row.gross_volume)}</td>
                    <td className="text-end text-body-secondary">{row.count}</td>
                  </tr>
                ))}
                {block.by_method.length === 0 && (
                  <tr>
                    <td className="text-body-secondary">No payments</td>
                  </tr>
                )}
              </tbody>
              {block.by_method.length > 0 && (
                <tfoot>
                  <tr className="fw-semibold" data-testid="by-method-total">
                    <td>Total</td>
                    <td className="share-cell d-none d-sm-table-cell" />
                    <td className="text-end text-nowrap">{money(methodTotal)}</td>
                    <td className="text-end">{methodCount}</td>
                  </tr>
                </tfoot>
              )}
            </Table>
          </div>
        </Card.Body>
      </Card>
      <Card className="dashboard-card">
        <Card.Body>
          <h2 className="h6">By status</h2>
          <p className="small text-body-secondary mb-2">Every attempt in the period, by its status now.</p>
          <div>
            <Table size="sm" className="mb-0" data-testid="by-status">
              <thead>
                <tr>
                  <th>Status</th>
                  <th className="share-cell d-none d-sm-table-cell">Share</th>
                  <th className="text-end">Attempts</th>
                  <th className="text-end">Amount</th>
                </tr>
              </thead>
              <tbody>
                {block.by_status.map((row) => (
                  <tr key={row.status}>
                    <td>{transactionStatusLabel(row.status)}</td>
                    <td className="share-cell d-none d-sm-table-cell">
                      <Share part={row.count} whole={statusTotal} />
                    </td>
                    <td className="text-end">{row.count}</td>
                    <td className="text-end text-nowrap text-body-secondary">{money(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
              {block.by_status.length > 0 && (
                <tfoot>
                  <tr className="fw-semibold" data-testid="by-status-total">
                    <td>All attempts</td>
                    <td className="share-cell d-none d-sm-table-cell" />
                    <td className="text-end">{statusTotal}</td>
                    <td className="text-end text-nowrap">{money(statusAmount)}</td>
                  </tr>
                </tfoot>
              )}
            </Table>
          </div>
        </Card.Body>
      </Card>
      <Card className="dashboard-card">
        <Card.Body>
          <h2 className="h6">Top products</h2>
          <div>
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
          </div>
        </Card.Body>
      </Card>
    </div>
  );
}
