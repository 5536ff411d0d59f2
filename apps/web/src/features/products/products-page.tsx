// Products (docs/product-rules.md#routes /products): the merchant's catalogue with search, sorting and
// pages; create, edit, activate, delete; share the checkout link and its QR code. Controls follow the
// user's Products access (docs/ARCHITECTURE.md); the server enforces it anyway.
import { APP } from '@kassa/contract/access';
import type { Product } from '@kassa/contract/products';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useItemModalState } from '../../components/form/use-item-form-modal.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ShareLinkModal } from '../../components/share-link-modal.tsx';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { useAppRights } from '../auth/use-access.ts';
import { deleteProduct, updateProduct, useProducts } from './api/products-api.ts';
import { productColumns } from './components/product-columns.tsx';
import { ProductFormModal } from './components/product-form-modal.tsx';

export function ProductsPage() {
  const rights = useAppRights(APP.PRODUCTS);
  const list = useListParams('-created_at');
  const query = useProducts(list.apiQuery([]));
  const { mutate } = query;
  const form = useItemModalState<Product>();
  const [sharing, setSharing] = useState<Product | null>(null);

  const toggleActive = async (product: Product) => {
    try {
      await updateProduct(product.id, { is_active: !product.is_active });
      showToast('success', product.is_active ? 'Product deactivated.' : 'Product activated.');
      await mutate();
    } catch (toggleError) {
      toastApiError(toggleError, 'Something went wrong.');
    }
  };

  const remove = (product: Product) =>
    confirmedAction({
      confirm: confirmDelete(
        product.name,
        'Its checkout link stops working. Past payments stay in Transactions.',
        'Yes, delete product',
      ),
      run: () => deleteProduct(product.id),
      done: 'Product deleted.',
      after: mutate,
    });

  const newButton = rights.create ? (
    <Button onClick={() => form.open(null)} data-testid="product-new">
      New product
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader title="Products" description="What you sell, each with its own checkout link." actions={newButton} />
      <SearchListCard
        query={query}
        list={list}
        noun="products"
        testIds={{ search: 'products-search', table: 'products-table', row: 'product-row' }}
        none={{
          title: 'No products yet',
          text: "Add what you sell and share each product's checkout link or QR code.",
          action: newButton,
        }}
        columns={productColumns({
          canToggle: rights.edit,
          onToggle: toggleActive,
          onShare: setSharing,
          onEdit: rights.edit ? form.open : undefined,
          onDelete: rights.delete ? remove : undefined,
        })}
      />
      <ProductFormModal {...form.modal} onSaved={() => mutate()} />
      <ShareLinkModal shared={sharing} onClose={() => setSharing(null)} />
    </section>
  );
}
