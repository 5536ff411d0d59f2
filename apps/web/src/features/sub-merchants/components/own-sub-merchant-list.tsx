// A master merchant's users see its sub-merchants read-only (docs/ARCHITECTURE.md): who they are, whether
// their hubs are active, and a way into the dashboard filtered to one of them. Registering,
// editing or blocking a sub-merchant stays with the platform's back office.
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { SearchInput } from '../../../components/data-list/search-input.tsx';
import { SortHeader } from '../../../components/data-list/sort-header.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PATHS } from '../../../config/paths.ts';
import { useOwnSubMerchants } from '../api/sub-merchants-api.ts';

/** The dashboard opened on one sub-merchant's data (the dashboard reads `merchant_id`). */
export const subMerchantDashboardPath = (id: string) => `${PATHS.dashboard}?merchant_id=${encodeURIComponent(id)}`;

export function OwnSubMerchantList() {
  const list = useListParams('name');
  const { data, error, isLoading, mutate } = useOwnSubMerchants(list.apiQuery([]));
  const rows = data?.results ?? [];
  const onSort = (sort_by: string) => list.update({ sort_by });

  return (
    <section>
      <PageHeader
        title="Sub-merchants"
        description="The merchants that belong to your business. You can follow their payments; their own users manage them."
      />
      <ListCard
        toolbar={
          <SearchInput
            value={list.search}
            onSearch={(search) => list.update({ search })}
            placeholder="Search sub-merchants"
            testId="sub-merchant-search"
          />
        }
      >
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading label="Loading sub-merchants…" />
        ) : rows.length === 0 ? (
          <ListEmpty
            title={list.search ? 'No sub-merchant matches' : 'No sub-merchants yet'}
            text={
              list.search
                ? 'Try another name.'
                : 'Merchants registered under your business by the Kassa team appear here.'
            }
          />
        ) : (
          <div className="table-responsive">
            <Table className="list-table" data-testid="own-sub-merchants-table">
              <thead>
                <tr>
                  <SortHeader field="name" sort={list.sort} onSort={onSort}>
                    Merchant
                  </SortHeader>
                  <th scope="col">Payment Hub</th>
                  <th scope="col">Financing Hub</th>
                  <SortHeader field="created_at" sort={list.sort} onSort={onSort}>
                    Joined
                  </SortHeader>
                  <th scope="col" aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {rows.map((sub) => (
                  <tr key={sub.id} data-testid="own-sub-merchant-row">
                    <td>
                      <div className="d-flex align-items-center gap-2">
                        <EntityLogo src={sub.logo} name={sub.name} />
                        <span className="fw-semibold">{sub.name}</span>
                      </div>
                    </td>
                    <td>
                      <HubStatusBadge hub="Payment Hub" status={sub.payment_hub_status} compact />
                    </td>
                    <td>
                      <HubStatusBadge hub="Financing Hub" status={sub.finance_hub_status} compact />
                    </td>
                    <td className="text-nowrap text-body-secondary">{formatDate(sub.created_at)}</td>
                    <td className="text-end text-nowrap">
                      <Link
                        to={subMerchantDashboardPath(sub.id)}
                        className="btn btn-sm btn-outline-primary"
                        data-testid="sub-merchant-dashboard"
                      >
                        View dashboard
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {data && (
          <PaginationBar
            count={data.count}
            page={list.page}
            pageSize={DEFAULT_PAGE_SIZE}
            onPage={(page) => list.update({ page })}
            noun="sub-merchants"
          />
        )}
      </ListCard>
    </section>
  );
}
