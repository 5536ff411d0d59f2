// One line of the invoice items table: its type, the product or named item, quantity, unit price,
// the line total as typed, and its remove button. The table around it owns the field array.
import { ITEM_TYPE } from '@kassa/contract/invoices';
import { formatMoney, lineTotal, toMinor } from '@kassa/contract/money';
import type { ProductOption } from '@kassa/contract/products';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { InvoiceFormValues, InvoiceItemFormValues } from './invoice-form.ts';

// A half-typed quantity or price has no total yet; the cell shows a dash rather than an error.
function safeLineTotal(quantity: string, price: string, currency: string, locale: string): string {
  try {
    return formatMoney(lineTotal(Number(quantity.trim() || 0), toMinor(price || '0', currency)), currency, locale);
  } catch {
    return '—';
  }
}

// The quantity and unit price cells: a typed number with its own error under it.
const AMOUNT_CELLS = [
  { field: 'quantity', label: 'invoices.item.quantityLabel', inputMode: 'numeric', placeholder: undefined },
  { field: 'price', label: 'invoices.item.priceLabel', inputMode: 'decimal', placeholder: '0.00' },
] as const;

export function InvoiceItemRow({
  index,
  item,
  currency,
  register,
  itemErrors,
  products,
  onChooseProduct,
  onRemove,
  canRemove,
  disabled,
}: {
  index: number;
  item: InvoiceItemFormValues;
  currency: string;
  register: UseFormRegister<InvoiceFormValues>;
  itemErrors: FieldErrors<InvoiceItemFormValues> | undefined;
  products: ProductOption[];
  onChooseProduct: (productId: string) => void;
  onRemove: () => void;
  canRemove: boolean;
  disabled: boolean;
}) {
  const { t, locale } = usePortalI18n();
  const line = index + 1;
  const isProduct = item.item_type === String(ITEM_TYPE.PRODUCT);
  return (
    <tr data-testid="invoice-item-row">
      <td>
        <Form.Select
          aria-label={t('invoices.item.type', { line })}
          {...register(`items.${index}.item_type`)}
          disabled={disabled}
          data-testid={`item-type-${index}`}
        >
          <option value="1">{t('invoices.item.product')}</option>
          <option value="2">{t('invoices.item.custom')}</option>
        </Form.Select>
      </td>
      <td>
        {isProduct ? (
          <Form.Select
            aria-label={t('invoices.item.productLabel', { line })}
            value={item.product_id}
            onChange={(event) => onChooseProduct(event.target.value)}
            isInvalid={Boolean(itemErrors?.product_id)}
            disabled={disabled}
            data-testid={`item-product-${index}`}
          >
            <option value="">{t('invoices.item.chooseProduct')}</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name} — {formatMoney(product.price_per_unit, product.currency, locale)}
              </option>
            ))}
          </Form.Select>
        ) : (
          <Form.Control
            aria-label={t('invoices.item.nameLabel', { line })}
            placeholder={t('invoices.item.namePlaceholder')}
            {...register(`items.${index}.item_name`)}
            isInvalid={Boolean(itemErrors?.item_name)}
            disabled={disabled}
            data-testid={`item-name-${index}`}
          />
        )}
        <Form.Control.Feedback type="invalid">
          {itemErrors?.product_id?.message ?? itemErrors?.item_name?.message}
        </Form.Control.Feedback>
      </td>
      {AMOUNT_CELLS.map(({ field, label, inputMode, placeholder }) => (
        <td key={field}>
          <Form.Control
            aria-label={t(label, { line })}
            inputMode={inputMode}
            placeholder={placeholder}
            {...register(`items.${index}.${field}`)}
            isInvalid={Boolean(itemErrors?.[field])}
            disabled={disabled}
            data-testid={`item-${field}-${index}`}
          />
          <Form.Control.Feedback type="invalid">{itemErrors?.[field]?.message}</Form.Control.Feedback>
        </td>
      ))}
      <td className="text-end text-nowrap" data-testid={`item-total-${index}`}>
        {safeLineTotal(item.quantity, item.price, currency, locale)}
      </td>
      <td>
        <Button
          variant="link"
          className="text-danger p-0"
          onClick={onRemove}
          disabled={disabled || !canRemove}
          aria-label={t('invoices.item.remove', { line })}
          data-testid={`item-remove-${index}`}
        >
          ✕
        </Button>
      </td>
    </tr>
  );
}
