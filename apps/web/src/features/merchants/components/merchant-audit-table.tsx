import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useMerchantAudit } from '../api/merchants-api.ts';
import { auditActionLabel, auditDetails } from './merchant-labels.tsx';

const PAGE_SIZE = 10;

/** every admin action about this merchant, who did it and when, newest first. */
export function MerchantAuditTable({ merchantId }: { merchantId: string }) {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useMerchantAudit(merchantId, page, PAGE_SIZE);
  const rows = data?.results ?? [];
  return (
    <Card className="mb-4" data-testid="merchant-audit">
      <Card.Body className="pb-2">
        <h2 className="section-title">{t('merchants.history.title')}</h2>
      </Card.Body>
      {error && !data ? (
        <ListError error={error} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <ListLoading label={t('merchants.history.loading')} />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary small px-3 pb-3 mb-0">{t('merchants.history.empty')}</p>
      ) : (
        <div className="table-responsive">
          <Table className="list-table" size="sm">
            <thead>
              <tr>
                <th>{t('merchants.history.when')}</th>
                <th>{t('merchants.history.who')}</th>
                <th>{t('merchants.history.action')}</th>
                <th>{t('merchants.history.details')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id} data-testid="audit-row">
                  <td className="text-nowrap">{formatDateTime(entry.created_at, '—', locale)}</td>
                  <td>
                    {entry.actor_name ?? t('merchants.history.system')}
                    {entry.actor_email && <small className="d-block text-body-secondary">{entry.actor_email}</small>}
                  </td>
                  <td className="text-nowrap">{auditActionLabel(entry.action, t)}</td>
                  <td className="small">{auditDetails(entry, i18n) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {data && (
        <PaginationBar
          count={data.count}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          noun={t('merchants.history.noun')}
        />
      )}
    </Card>
  );
}
