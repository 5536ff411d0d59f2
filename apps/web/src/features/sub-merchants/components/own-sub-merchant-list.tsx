import type { SubMerchant } from '@kassa/contract/sub-merchants';
import { Link } from 'react-router';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';
import { EntityCell } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { hubStatusColumns } from '../../../components/data-list/hub-status-badge.tsx';
import { SearchListCard } from '../../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PATHS } from '../../../config/paths.ts';
import { useOwnSubMerchants } from '../api/sub-merchants-api.ts';

/** The dashboard opened on one sub-merchant's data (the dashboard reads `merchant_id`). */
export const subMerchantDashboardPath = (id: string) => `${PATHS.dashboard}?merchant_id=${encodeURIComponent(id)}`;

export function OwnSubMerchantList() {
  const list = useListParams('name');
  const query = useOwnSubMerchants(list.apiQuery([]));

  return (
    <section>
      <PageHeader
        title="Sub-merchants"
        description="The merchants that belong to your business. You can follow their payments; their own users manage them."
      />
      <SearchListCard
        query={query}
        list={list}
        noun="sub-merchants"
        testIds={{ search: 'sub-merchant-search', table: 'own-sub-merchants-table', row: 'own-sub-merchant-row' }}
        loadingLabel="Loading sub-merchants…"
        hover={false}
        noMatch={{ title: 'No sub-merchant matches', text: 'Try another name.' }}
        none={{
          title: 'No sub-merchants yet',
          text: 'Merchants registered under your business by the Kassa team appear here.',
        }}
        columns={[
          {
            key: 'merchant',
            header: 'Merchant',
            sort: 'name',
            cell: (sub) => (
              <EntityCell src={sub.logo} name={sub.name}>
                <span className="fw-semibold">{sub.name}</span>
              </EntityCell>
            ),
          },
          ...hubStatusColumns(['Payment Hub', 'Financing Hub']),
          {
            key: 'joined',
            header: 'Joined',
            sort: 'created_at',
            cellClassName: 'text-nowrap text-body-secondary',
            cell: (sub) => formatDate(sub.created_at),
          },
          buttonsColumn<SubMerchant>((sub) => (
            <Link
              to={subMerchantDashboardPath(sub.id)}
              className="btn btn-sm btn-outline-primary"
              data-testid="sub-merchant-dashboard"
            >
              View dashboard
            </Link>
          )),
        ]}
      />
    </section>
  );
}
