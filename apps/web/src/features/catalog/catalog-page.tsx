import { ROLE } from '@kassa/contract/access';
import type { CatalogItem } from '@kassa/contract/catalog';
import { formatMomentDay } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { buttonsColumn } from '../../components/data-list/actions-column.tsx';
import { EntityCell } from '../../components/data-list/entity-logo.tsx';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { MerchantFilter } from '../../components/data-list/merchant-filter.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { confirmedAction } from '../../lib/confirmed-action.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { useAdminFlag } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { setProductActive, useCatalog } from './api/catalog-api.ts';

const FILTERS = ['merchant_id', 'is_active'] as const;

/** docs/product-rules.md#routes Catalog: every merchant's products; a platform admin turns them on and off. */
export function CatalogPage() {
  const { t, locale } = usePortalI18n();
  const list = useListParams('-created_at');
  const role = useSessionSelector((s) => s.auth.user?.role);
  const canChange = role === ROLE.PLATFORM_ADMIN;
  // The merchant filter and links read the merchants, which take view_merchant.
  const seesMerchants = useAdminFlag('view_merchant');
  const query = useCatalog(list.apiQuery(FILTERS));
  const filtered = isFiltered(list, FILTERS);

  const toggle = (product: CatalogItem) => {
    const activate = !product.is_active;
    return confirmedAction({
      confirm: activate
        ? {
            title: t('catalog.activate.title', { name: product.name }),
            text: t('catalog.activate.text', { merchant: product.merchant_name }),
            icon: 'question',
            confirmButtonText: t('catalog.activate.confirm'),
            cancelButtonText: t('catalog.leaveIt'),
          }
        : {
            title: t('catalog.deactivate.title', { name: product.name }),
            text: t('catalog.deactivate.text'),
            confirmButtonText: t('catalog.deactivate.confirm'),
            cancelButtonText: t('catalog.leaveIt'),
          },
      run: () => setProductActive(product.id, activate),
      done: activate ? t('catalog.activated') : t('catalog.deactivated'),
      failed: t('catalog.changeFailed'),
      after: query.mutate,
    });
  };

  return (
    <section>
      <PageHeader title={t('catalog.title')} description={t('catalog.description')} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('catalog.noun')}
        search={{ placeholder: t('catalog.search') }}
        testIds={{ search: 'catalog-search', table: 'catalog-table', row: 'catalog-row' }}
        filters={
          <>
            {seesMerchants && <MerchantFilter list={list} testId="catalog-merchant" />}
            <FilterSelect
              list={list}
              filter="is_active"
              label={t('catalog.column.status')}
              allLabel={t('catalog.filter.allStatuses')}
              options={[
                ['true', t('catalog.status.active')],
                ['false', t('catalog.status.inactive')],
              ]}
            />
          </>
        }
        loadingLabel={t('catalog.loading')}
        filtered={filtered}
        noMatch={{ title: t('catalog.noMatch.title'), text: t('catalog.noMatch.text') }}
        none={{ title: t('catalog.empty.title'), text: t('catalog.empty.text') }}
        columns={[
          {
            key: 'product',
            header: t('catalog.column.product'),
            sort: 'name',
            cell: (product) => (
              <EntityCell src={product.image} name={product.name}>
                <span className="fw-semibold">{product.name}</span>
              </EntityCell>
            ),
          },
          {
            key: 'merchant',
            header: t('catalog.column.merchant'),
            cell: (product) =>
              seesMerchants ? (
                <Link to={merchantDetailPath(product.merchant_id)}>{product.merchant_name}</Link>
              ) : (
                product.merchant_name
              ),
          },
          {
            key: 'price',
            header: t('catalog.column.price'),
            sort: 'price_per_unit',
            align: 'end',
            cellClassName: 'text-nowrap',
            cell: (product) => formatMoney(product.price_per_unit, product.currency, locale),
          },
          {
            key: 'status',
            header: t('catalog.column.status'),
            cell: (product) =>
              product.is_active ? (
                <Badge bg="success">{t('catalog.status.active')}</Badge>
              ) : (
                <Badge bg="secondary">{t('catalog.status.inactive')}</Badge>
              ),
          },
          {
            key: 'created',
            header: t('catalog.column.created'),
            sort: 'created_at',
            cellClassName: 'text-nowrap',
            cell: (product) => formatMomentDay(new Date(product.created_at), locale),
          },
          canChange &&
            buttonsColumn<CatalogItem>(
              (product) => (
                <Button
                  size="sm"
                  variant={product.is_active ? 'outline-danger' : 'outline-success'}
                  onClick={() => void toggle(product)}
                  data-testid="toggle-product"
                >
                  {product.is_active ? t('catalog.deactivate.button') : t('catalog.activate.button')}
                </Button>
              ),
              { wrap: true },
            ),
        ]}
      />
    </section>
  );
}
