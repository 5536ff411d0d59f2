import { ROLE } from '@kassa/contract/access';
import type { CatalogItem } from '@kassa/contract/catalog';
import { formatMoney } from '@kassa/contract/money';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { EntityLogo } from '../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../components/data-list/format.ts';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../components/data-list/pagination-bar.tsx';
import { RemotePicker } from '../../components/data-list/remote-picker.tsx';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { useAdminFlag } from '../auth/use-access.ts';
import { setProductActive, useCatalog } from './api/catalog-api.ts';

const FILTERS = ['merchant_id', 'is_active'] as const;

/** docs/product-rules.md#routes Catalog: every merchant's products; a platform admin turns them on and off. */
export function CatalogPage() {
  const list = useListParams('-created_at');
  const role = useSessionSelector((s) => s.auth.user?.role);
  const canChange = role === ROLE.PLATFORM_ADMIN;
  // The merchant filter and links read the merchants, which take view_merchant.
  const seesMerchants = useAdminFlag('view_merchant');
  const { data, error, isLoading, mutate } = useCatalog(list.apiQuery(FILTERS));
  const rows = data?.results ?? [];
  const merchantId = list.get('merchant_id');
  const isFiltered = Boolean(list.search || merchantId || list.get('is_active'));

  const toggle = async (product: CatalogItem) => {
    const activate = !product.is_active;
    const confirmed = await confirmDialog(
      activate
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
    );
    if (!confirmed) return;
    try {
      const response = await setProductActive(product.id, activate);
      showToast('success', response.message ?? (activate ? 'Product activated.' : 'Product deactivated.'));
      await mutate();
    } catch (err) {
      toastApiError(err, 'The product could not be changed.');
    }
  };

  return (
    <section>
      <PageHeader title="Catalog" description="Every merchant's products, across the platform." />
      <ListCard
        toolbar={
          <>
            <SearchInput
              value={list.search}
              onSearch={(search) => list.update({ search })}
              placeholder="Search products"
              testId="catalog-search"
            />
            {seesMerchants && (
              <RemotePicker
                endpoint="/admin/merchant/"
                value={merchantId ? { id: merchantId, name: list.get('merchant_name') || 'Selected merchant' } : null}
                onChange={(picked) =>
                  list.update({ merchant_id: picked?.id ?? null, merchant_name: picked?.name ?? null })
                }
                placeholder="Filter by merchant"
                label="Merchant"
                testId="catalog-merchant"
              />
            )}
            <Form.Select
              aria-label="Status"
              value={list.get('is_active')}
              onChange={(event) => list.update({ is_active: event.target.value })}
              data-testid="filter-is-active"
            >
              <option value="">Status: all</option>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </Form.Select>
          </>
        }
      >
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading label="Loading products…" />
        ) : rows.length === 0 ? (
          <ListEmpty
            title={isFiltered ? 'No products match' : 'No products yet'}
            text={isFiltered ? 'Try another search or filter.' : 'Products that merchants create appear here.'}
          />
        ) : (
          <div className="table-responsive">
            <Table hover className="list-table" data-testid="catalog-table">
              <thead>
                <tr>
                  <SortHeader field="name" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Product
                  </SortHeader>
                  <th scope="col">Merchant</th>
                  <SortHeader
                    field="price_per_unit"
                    sort={list.sort}
                    onSort={(sort_by) => list.update({ sort_by })}
                    className="text-end"
                  >
                    Price
                  </SortHeader>
                  <th scope="col">Status</th>
                  <SortHeader field="created_at" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Created
                  </SortHeader>
                  {canChange && <th scope="col" aria-label="Actions" />}
                </tr>
              </thead>
              <tbody>
                {rows.map((product) => (
                  <tr key={product.id} data-testid="catalog-row">
                    <td>
                      <div className="d-flex align-items-center gap-2">
                        <EntityLogo src={product.image} name={product.name} />
                        <span className="fw-semibold">{product.name}</span>
                      </div>
                    </td>
                    <td>
                      {seesMerchants ? (
                        <Link to={merchantDetailPath(product.merchant_id)}>{product.merchant_name}</Link>
                      ) : (
                        product.merchant_name
                      )}
                    </td>
                    <td className="text-end text-nowrap">{formatMoney(product.price_per_unit, product.currency)}</td>
                    <td>
                      {product.is_active ? <Badge bg="success">Active</Badge> : <Badge bg="secondary">Inactive</Badge>}
                    </td>
                    <td className="text-nowrap">{formatDate(product.created_at)}</td>
                    {canChange && (
                      <td className="text-end">
                        <Button
                          size="sm"
                          variant={product.is_active ? 'outline-danger' : 'outline-success'}
                          onClick={() => void toggle(product)}
                          data-testid="toggle-product"
                        >
                          {product.is_active ? 'Deactivate' : 'Activate'}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {data && (
          <PaginationBar
            count={data.count ?? 0}
            page={list.page}
            pageSize={DEFAULT_PAGE_SIZE}
            onPage={(page) => list.update({ page })}
            noun="products"
          />
        )}
      </ListCard>
    </section>
  );
}
