// Products (docs/product-rules.md#routes /products): the merchant's catalogue with search, sorting and
// pages; create, edit, activate, delete; share the checkout link and its QR code. Controls follow the
// user's Products access (docs/ARCHITECTURE.md); the server enforces it anyway.
import { APP } from '@kassa/contract/access';
import type { Product } from '@kassa/contract/products';
import { useCheckoutLinkList } from '../../components/checkout-link-list.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ShareLinkModal } from '../../components/share-link-modal.tsx';
import { permittedRowActions } from '../../lib/app-access.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { deleteProduct, updateProduct, useProducts } from './api/products-api.ts';
import { productColumns } from './components/product-columns.tsx';
import { ProductFormModal } from './components/product-form-modal.tsx';

export function ProductsPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const rights = useAppRights(APP.PRODUCTS);
  const { list, query, form, sharing, setSharing, remove, newButton, none } = useCheckoutLinkList(rights, useProducts, {
    deleteItem: deleteProduct,
    deleteWarning: t('products.delete.warning'),
    deleteButton: t('products.delete.button'),
    deleted: t('products.delete.done'),
    newLabel: t('products.new'),
    empty: { title: t('products.empty.title'), text: t('products.empty.text') },
    newTestId: 'product-new',
  });
  const { mutate } = query;

  const toggleActive = async (product: Product) => {
    try {
      await updateProduct(product.id, { is_active: !product.is_active });
      showToast('success', product.is_active ? t('products.deactivated') : t('products.activated'));
      await mutate();
    } catch (toggleError) {
      toastApiError(toggleError, t('products.somethingWrong'));
    }
  };

  return (
    <section>
      <PageHeader title={t('products.title')} description={t('products.description')} actions={newButton} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('products.noun')}
        search={{ placeholder: t('products.search') }}
        noMatch={{ title: t('products.noMatch.title'), text: t('products.noMatch.text', { search: list.search }) }}
        testIds={{ search: 'products-search', table: 'products-table', row: 'product-row' }}
        none={none}
        columns={productColumns(
          {
            canToggle: rights.edit,
            onToggle: toggleActive,
            onShare: setSharing,
            ...permittedRowActions(rights, { onEdit: form.open, onDelete: remove }),
          },
          i18n,
        )}
      />
      <ProductFormModal {...form.modal} onSaved={() => mutate()} />
      <ShareLinkModal shared={sharing} onClose={() => setSharing(null)} />
    </section>
  );
}
