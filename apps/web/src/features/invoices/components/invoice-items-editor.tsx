// The items table of the invoice form: product lines (price prefilled from the product, editable) or
// named lines, quantity and unit price, with rows added and removed.
import { INVOICE_MAX_ITEMS, ITEM_TYPE } from '@kassa/contract/invoices';
import { formatMoney, lineTotal, toMinor } from '@kassa/contract/money';
import type { ProductOption } from '@kassa/contract/products';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { minorToTyped } from '../../../lib/money-input.ts';
import { emptyItem, type InvoiceFormOutput, type InvoiceFormValues } from './invoice-form.ts';

function safeLineTotal(quantity: string, price: string, currency: string): string {
  try {
    return formatMoney(lineTotal(Number(quantity.trim() || 0), toMinor(price || '0', currency)), currency);
  } catch {
    return '—';
  }
}

export function InvoiceItemsEditor({
  control,
  register,
  setValue,
  errors,
  products,
  disabled,
}: {
  control: Control<InvoiceFormValues, unknown, InvoiceFormOutput>;
  register: UseFormRegister<InvoiceFormValues>;
  setValue: UseFormSetValue<InvoiceFormValues>;
  errors: FieldErrors<InvoiceFormValues>;
  products: ProductOption[];
  disabled: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' });
  const currency = useWatch({ control, name: 'currency' });

  const chooseProduct = (index: number, productId: string) => {
    setValue(`items.${index}.product_id`, productId, { shouldDirty: true });
    const product = products.find((p) => p.id === productId);
    // A product priced in another currency gets no price: its number means nothing in this one.
    if (product && product.currency === currency) {
      setValue(`items.${index}.price`, minorToTyped(product.price_per_unit, currency), { shouldDirty: true });
    }
  };

  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <div className="mb-3">
      {/* position-relative: the table's visually-hidden labels are absolutely placed; they must be
          clipped by this scroller, not widen the page on a phone. */}
      <div className="invoice-items-box position-relative">
        <Table className="invoice-items align-middle" data-testid="invoice-items">
          <thead>
            <tr>
              <th style={{ minWidth: 125 }}>Type</th>
              <th style={{ minWidth: 200 }}>Item</th>
              <th style={{ minWidth: 90 }}>Quantity</th>
              <th style={{ minWidth: 120 }}>Unit price</th>
              <th className="text-end" style={{ minWidth: 100 }}>
                Total
              </th>
              <th style={{ width: 50 }}>
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const item = items[index] ?? field;
              const itemErrors = errors.items?.[index];
              const isProduct = item.item_type === String(ITEM_TYPE.PRODUCT);
              return (
                <tr key={field.id} data-testid="invoice-item-row">
                  <td>
                    <Form.Select
                      aria-label={`Line ${index + 1} type`}
                      {...register(`items.${index}.item_type`)}
                      disabled={disabled}
                      data-testid={`item-type-${index}`}
                    >
                      <option value="1">Product</option>
                      <option value="2">Custom item</option>
                    </Form.Select>
                  </td>
                  <td>
                    {isProduct ? (
                      <Form.Select
                        aria-label={`Line ${index + 1} product`}
                        value={item.product_id}
                        onChange={(event) => chooseProduct(index, event.target.value)}
                        isInvalid={Boolean(itemErrors?.product_id)}
                        disabled={disabled}
                        data-testid={`item-product-${index}`}
                      >
                        <option value="">Choose a product…</option>
                        {products.map((product) => (
                          <option key={product.id} value={product.id}>
                            {product.name} — {formatMoney(product.price_per_unit, product.currency)}
                          </option>
                        ))}
                      </Form.Select>
                    ) : (
                      <Form.Control
                        aria-label={`Line ${index + 1} item name`}
                        placeholder="Item name"
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
                  <td>
                    <Form.Control
                      aria-label={`Line ${index + 1} quantity`}
                      inputMode="numeric"
                      {...register(`items.${index}.quantity`)}
                      isInvalid={Boolean(itemErrors?.quantity)}
                      disabled={disabled}
                      data-testid={`item-quantity-${index}`}
                    />
                    <Form.Control.Feedback type="invalid">{itemErrors?.quantity?.message}</Form.Control.Feedback>
                  </td>
                  <td>
                    <Form.Control
                      aria-label={`Line ${index + 1} unit price`}
                      inputMode="decimal"
                      placeholder="0.00"
                      {...register(`items.${index}.price`)}
                      isInvalid={Boolean(itemErrors?.price)}
                      disabled={disabled}
                      data-testid={`item-price-${index}`}
                    />
                    <Form.Control.Feedback type="invalid">{itemErrors?.price?.message}</Form.Control.Feedback>
                  </td>
                  <td className="text-end text-nowrap" data-testid={`item-total-${index}`}>
                    {safeLineTotal(item.quantity, item.price, currency)}
                  </td>
                  <td>
                    <Button
                      variant="link"
                      className="text-danger p-0"
                      onClick={() => remove(index)}
                      disabled={disabled || fields.length === 1}
                      aria-label={`Remove line ${index + 1}`}
                      data-testid={`item-remove-${index}`}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      {itemsError && (
        <div className="invalid-feedback d-block mb-2" data-testid="items-error">
          {itemsError}
        </div>
      )}
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => append(emptyItem())}
        disabled={disabled || fields.length >= INVOICE_MAX_ITEMS}
        data-testid="item-add"
      >
        + Add line
      </Button>
    </div>
  );
}
