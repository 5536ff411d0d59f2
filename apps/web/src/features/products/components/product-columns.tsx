import { formatMomentDay } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import type { Product } from '@kassa/contract/products';
import Form from 'react-bootstrap/Form';
import { shareEditDeleteColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

function ProductCell({ product }: { product: Product }) {
  const { locale } = usePortalI18n();
  return (
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
          {formatMoney(product.price_per_unit, product.currency, locale)}
        </div>
        {product.description && (
          <div className="small text-body-secondary" style={{ maxWidth: 320 }}>
            {product.description}
          </div>
        )}
      </div>
    </div>
  );
}

/** The products list's columns; Edit and Delete only with a handler (the user's Products rights). */
export function productColumns(
  {
    canToggle,
    onToggle,
    onShare,
    onEdit,
    onDelete,
  }: {
    canToggle: boolean;
    onToggle: (product: Product) => void;
    onShare: (product: Product) => void;
    onEdit?: (product: Product) => void;
    onDelete?: (product: Product) => void;
  },
  { t, locale }: { t: Translate; locale: Locale },
): Column<Product>[] {
  return [
    {
      key: 'name',
      header: t('products.column.product'),
      sort: 'name',
      cell: (product) => <ProductCell product={product} />,
    },
    {
      key: 'price',
      header: t('products.column.price'),
      sort: 'price_per_unit',
      align: 'end',
      cellClassName: 'text-nowrap',
      cellTestId: 'product-price-cell',
      cell: (product) => formatMoney(product.price_per_unit, product.currency, locale),
    },
    {
      key: 'active',
      header: t('products.column.active'),
      cell: (product) => (
        <Form.Check
          type="switch"
          id={`active-${product.id}`}
          checked={product.is_active}
          disabled={!canToggle}
          onChange={() => onToggle(product)}
          aria-label={t('products.activeLabel', { name: product.name })}
          data-testid="product-active-toggle"
        />
      ),
    },
    {
      key: 'created',
      header: t('products.column.created'),
      sort: 'created_at',
      className: 'd-none d-xxl-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (product) => formatMomentDay(new Date(product.created_at), locale),
    },
    shareEditDeleteColumn('product', { onShare, onEdit, onDelete }),
  ];
}
