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
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useOwnSubMerchants } from '../api/sub-merchants-api.ts';

/** The dashboard opened on one sub-merchant's data (the dashboard reads `merchant_id`). */
export const subMerchantDashboardPath = (id: string) => `${PATHS.dashboard}?merchant_id=${encodeURIComponent(id)}`;

export function OwnSubMerchantList() {
  const { t, locale } = usePortalI18n();
  const list = useListParams('name');
  const query = useOwnSubMerchants(list.apiQuery([]));

  return (
    <section>
      <PageHeader title={t('subMerchants.title')} description={t('subMerchants.own.description')} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('subMerchants.noun')}
        testIds={{ search: 'sub-merchant-search', table: 'own-sub-merchants-table', row: 'own-sub-merchant-row' }}
        loadingLabel={t('subMerchants.loading')}
        hover={false}
        noMatch={{ title: t('subMerchants.own.noMatch.title'), text: t('subMerchants.own.noMatch.text') }}
        none={{
          title: t('subMerchants.own.empty.title'),
          text: t('subMerchants.own.empty.text'),
        }}
        columns={[
          {
            key: 'merchant',
            header: t('subMerchants.column.merchant'),
            sort: 'name',
            cell: (sub) => (
              <EntityCell src={sub.logo} name={sub.name}>
                <span className="fw-semibold">{sub.name}</span>
              </EntityCell>
            ),
          },
          ...hubStatusColumns([t('nav.group.paymentHub'), t('nav.group.financingHub')]),
          {
            key: 'joined',
            header: t('subMerchants.column.joined'),
            sort: 'created_at',
            cellClassName: 'text-nowrap text-body-secondary',
            cell: (sub) => formatDate(sub.created_at, '—', locale),
          },
          buttonsColumn<SubMerchant>((sub) => (
            <Link
              to={subMerchantDashboardPath(sub.id)}
              className="btn btn-sm btn-outline-primary"
              data-testid="sub-merchant-dashboard"
            >
              {t('subMerchants.own.viewDashboard')}
            </Link>
          )),
        ]}
      />
    </section>
  );
}
