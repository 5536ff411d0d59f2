import { formatMoney } from '@kassa/contract/money';
import type { Product } from '@kassa/contract/products';
import Form from 'react-bootstrap/Form';
import { shareEditDeleteColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function ProductCell({ product }: { product: Product }) {
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
        <div className="small fw-semibold d-md-none">{formatMoney(product.price_per_unit, product.currency)}</div>
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
export function productColumns({
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
}): Column<Product>[] {
  return [
    { key: 'name', header: 'Product', sort: 'name', cell: (product) => <ProductCell product={product} /> },
    {
      key: 'price',
      header: 'Price',
      sort: 'price_per_unit',
      align: 'end',
      cellClassName: 'text-nowrap',
      cellTestId: 'product-price-cell',
      cell: (product) => formatMoney(product.price_per_unit, product.currency),
    },
    {
      key: 'active',
      header: 'Active',
      cell: (product) => (
        <Form.Check
          type="switch"
          id={`active-${product.id}`}
          checked={product.is_active}
          disabled={!canToggle}
          onChange={() => onToggle(product)}
          aria-label={`${product.name} active`}
          data-testid="product-active-toggle"
        />
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sort: 'created_at',
      className: 'd-none d-xxl-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (product) => dateFormat.format(new Date(product.created_at)),
    },
    shareEditDeleteColumn('product', { onShare, onEdit, onDelete }),
  ];
}
