import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { useMerchantAudit } from '../api/merchants-api.ts';
import { auditActionLabel, auditDetails } from './merchant-labels.tsx';

const PAGE_SIZE = 10;

/** every admin action about this merchant, who did it and when, newest first. */
export function MerchantAuditTable({ merchantId }: { merchantId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useMerchantAudit(merchantId, page, PAGE_SIZE);
  const rows = data?.results ?? [];
  return (
    <Card className="mb-4" data-testid="merchant-audit">
      <Card.Body className="pb-2">
        <h2 className="section-title">History</h2>
      </Card.Body>
      {error && !data ? (
        <ListError error={error} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <ListLoading label="Loading history…" />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary small px-3 pb-3 mb-0">Nothing recorded yet.</p>
      ) : (
        <div className="table-responsive">
          <Table className="list-table" size="sm">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>Action</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id} data-testid="audit-row">
                  <td className="text-nowrap">{formatDateTime(entry.created_at)}</td>
                  <td>
                    {entry.actor_name ?? 'System'}
                    {entry.actor_email && <small className="d-block text-body-secondary">{entry.actor_email}</small>}
                  </td>
                  <td className="text-nowrap">{auditActionLabel(entry.action)}</td>
                  <td className="small">{auditDetails(entry) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {data && <PaginationBar count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="entries" />}
    </Card>
  );
}
