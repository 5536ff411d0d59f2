// Products (docs/product-rules.md#routes /products): the merchant's catalogue with search, sorting and
// pages; create, edit, activate, delete; share the checkout link and its QR code. Controls follow the
// user's Products access (docs/ARCHITECTURE.md); the server enforces it anyway.
import { APP } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import type { Product } from '@kassa/contract/products';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { Icon } from '../../components/icon.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSearch } from '../../components/list-search.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ShareLinkModal } from '../../components/share-link-modal.tsx';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useAppRights } from '../auth/use-access.ts';
import { deleteProduct, updateProduct, useProducts } from './api/products-api.ts';
import { ProductFormModal } from './components/product-form-modal.tsx';

const PAGE_SIZE = 20;

export function ProductsPage() {
  const rights = useAppRights(APP.PRODUCTS);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState('-created_at');
  const { data, error, isLoading, mutate } = useProducts({ page, pageSize: PAGE_SIZE, search: debounced, sortBy });
  const [editing, setEditing] = useState<Product | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [sharing, setSharing] = useState<Product | null>(null);

  const openForm = (product: Product | null) => {
    setEditing(product);
    setFormOpen(true);
  };

  const toggleActive = async (product: Product) => {
    try {
      await updateProduct(product.id, { is_active: !product.is_active });
      showToast('success', product.is_active ? 'Product deactivated.' : 'Product activated.');
      await mutate();
    } catch (toggleError) {
      toastApiError(toggleError, 'Something went wrong.');
    }
  };

  const remove = async (product: Product) => {
    const confirmed = await confirmDialog({
      title: `Delete ${product.name}?`,
      text: 'Its checkout link stops working. Past payments stay in Transactions.',
      confirmButtonText: 'Yes, delete product',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    try {
      const result = await deleteProduct(product.id);
      showToast('success', result.message ?? 'Product deleted.');
      await mutate();
    } catch (deleteError) {
      toastApiError(deleteError, 'Something went wrong.');
    }
  };

  const newButton = rights.create ? (
    <Button onClick={() => openForm(null)} data-testid="product-new">
      New product
    </Button>
  ) : null;

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const sort = (value: string) => {
    setSortBy(value);
    setPage(1);
  };

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListSkeleton />;
  else if (data.count === 0 && !debounced)
    body = (
      <ListEmpty
        icon="products"
        title="No products yet"
        text="Add what you sell and share each product's checkout link or QR code."
        action={newButton}
      />
    );
  else if (data.count === 0)
    body = <ListEmpty icon="products" title="No products match" text={`Nothing found for “${debounced}”.`} />;
  else
    body = (
      <div className="list-card">
        <div className="table-responsive">
          <Table hover data-testid="products-table">
            <thead>
              <tr>
                <SortHeader field="name" sort={sortBy} onSort={sort}>
                  Product
                </SortHeader>
                <SortHeader field="price_per_unit" sort={sortBy} onSort={sort} className="text-end">
                  Price
                </SortHeader>
                <th>Active</th>
                <SortHeader field="created_at" sort={sortBy} onSort={sort} className="d-none d-xxl-table-cell">
                  Created
                </SortHeader>
                <th className="text-end">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((product) => (
                <tr key={product.id} data-testid="product-row">
                  <td>
                    <div className="d-flex align-items-center gap-3">
                      {product.image ? (
                        <img src={product.image} alt="" className="thumb" loading="lazy" />
                      ) : (
                        <span className="thumb" aria-hidden="true">
                          <Icon name="products" />
                        </span>
                      )}
                      <div className="min-w-0">
                        <div className="fw-semibold" data-testid="product-name-cell">
                          {product.name}
                        </div>
                        <div className="small fw-semibold d-md-none">
                          {formatMoney(product.price_per_unit, product.currency)}
                        </div>
                        {product.description && (
                          <div className="small text-body-secondary" style={{ maxWidth: 320 }}>
                            {product.description}
                          </div>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="text-end text-nowrap" data-testid="product-price-cell">
                    {formatMoney(product.price_per_unit, product.currency)}
                  </td>
                  <td>
                    <Form.Check
                      type="switch"
                      id={`active-${product.id}`}
                      checked={product.is_active}
                      disabled={!rights.edit}
                      onChange={() => toggleActive(product)}
                      aria-label={`${product.name} active`}
                      data-testid="product-active-toggle"
                    />
                  </td>
                  <td className="text-nowrap small d-none d-xxl-table-cell">
                    {dateFormat.format(new Date(product.created_at))}
                  </td>
                  <td>
                    <div className="row-actions">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => setSharing(product)}
                        data-testid="product-share"
                      >
                        Share
                      </Button>
                      {rights.edit && (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => openForm(product)}
                          data-testid="product-edit"
                        >
                          Edit
                        </Button>
                      )}
                      {rights.delete && (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => remove(product)}
                          data-testid="product-delete"
                        >
                          Delete
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <ListPagination count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="products" />
      </div>
    );

  return (
    <section>
      <PageHeader title="Products" description="What you sell, each with its own checkout link." actions={newButton} />
      <div className="list-toolbar">
        <ListSearch value={search} onChange={onSearch} placeholder="Search products" testId="products-search" />
      </div>
      {body}
      <ProductFormModal
        show={isFormOpen}
        product={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => mutate()}
      />
      <ShareLinkModal
        title={sharing ? `Share ${sharing.name}` : ''}
        url={sharing?.checkout_url ?? null}
        fileName={sharing ? `qr-${sharing.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : 'qr'}
        onClose={() => setSharing(null)}
      />
    </section>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
