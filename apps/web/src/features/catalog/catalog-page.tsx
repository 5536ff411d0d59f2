import { ROLE } from '@kassa/contract/access';
import type { CatalogItem } from '@kassa/contract/catalog';
import { formatMoney } from '@kassa/contract/money';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { buttonsColumn } from '../../components/data-list/actions-column.tsx';
import { EntityCell } from '../../components/data-list/entity-logo.tsx';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { formatDate } from '../../components/data-list/format.ts';
import { MerchantFilter } from '../../components/data-list/merchant-filter.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { confirmedAction } from '../../lib/confirmed-action.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { useAdminFlag } from '../../lib/use-access.ts';
import { setProductActive, useCatalog } from './api/catalog-api.ts';

const FILTERS = ['merchant_id', 'is_active'] as const;

/** docs/product-rules.md#routes Catalog: every merchant's products; a platform admin turns them on and off. */
export function CatalogPage() {
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
            title: `Activate ${product.name}?`,
            text: `Buyers can pay for it again on ${product.merchant_name}'s checkout.`,
            icon: 'question',
            confirmButtonText: 'Yes, activate',
            cancelButtonText: 'No, leave it',
          }
        : {
            title: `Deactivate ${product.name}?`,
            text: 'Its checkout page will tell buyers the product is unavailable.',
            confirmButtonText: 'Yes, deactivate',
            cancelButtonText: 'No, leave it',
          },
      run: () => setProductActive(product.id, activate),
      done: activate ? 'Product activated.' : 'Product deactivated.',
      failed: 'The product could not be changed.',
      after: query.mutate,
    });
  };

  return (
    <section>
      <PageHeader title="Catalog" description="Every merchant's products, across the platform." />
      <SearchListCard
        query={query}
        list={list}
        noun="products"
        testIds={{ search: 'catalog-search', table: 'catalog-table', row: 'catalog-row' }}
        filters={
          <>
            {seesMerchants && <MerchantFilter list={list} testId="catalog-merchant" />}
            <FilterSelect
              list={list}
              filter="is_active"
              label="Status"
              options={[
                ['true', 'Active'],
                ['false', 'Inactive'],
              ]}
            />
          </>
        }
        loadingLabel="Loading products…"
        filtered={filtered}
        noMatch={{ title: 'No products match', text: 'Try another search or filter.' }}
        none={{ title: 'No products yet', text: 'Products that merchants create appear here.' }}
        columns={[
          {
            key: 'product',
            header: 'Product',
            sort: 'name',
            cell: (product) => (
              <EntityCell src={product.image} name={product.name}>
                <span className="fw-semibold">{product.name}</span>
              </EntityCell>
            ),
          },
          {
            key: 'merchant',
            header: 'Merchant',
            cell: (product) =>
              seesMerchants ? (
                <Link to={merchantDetailPath(product.merchant_id)}>{product.merchant_name}</Link>
              ) : (
                product.merchant_name
              ),
          },
          {
            key: 'price',
            header: 'Price',
            sort: 'price_per_unit',
            align: 'end',
            cellClassName: 'text-nowrap',
            cell: (product) => formatMoney(product.price_per_unit, product.currency),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (product) =>
              product.is_active ? <Badge bg="success">Active</Badge> : <Badge bg="secondary">Inactive</Badge>,
          },
          {
            key: 'created',
            header: 'Created',
            sort: 'created_at',
            cellClassName: 'text-nowrap',
            cell: (product) => formatDate(product.created_at),
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
                  {product.is_active ? 'Deactivate' : 'Activate'}
                </Button>
              ),
              { wrap: true },
            ),
        ]}
      />
    </section>
  );
}
