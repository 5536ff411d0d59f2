// The items table of the invoice form: product lines (price prefilled from the product, editable) or
// named lines, quantity and unit price, with rows added and removed.
import { INVOICE_MAX_ITEMS } from '@kassa/contract/invoices';
import type { ProductOption } from '@kassa/contract/products';
import Button from 'react-bootstrap/Button';
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
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { emptyItem, type InvoiceFormOutput, type InvoiceFormValues } from './invoice-form.ts';
import { InvoiceItemRow } from './invoice-item-row.tsx';

/** What a form needs to hold lines: an invoice's, or a recurring invoice's template. */
export type LineItemsFormValues = Pick<InvoiceFormValues, 'items' | 'currency'>;

interface ItemsEditorProps {
  control: Control<InvoiceFormValues, unknown, InvoiceFormOutput>;
  register: UseFormRegister<InvoiceFormValues>;
  setValue: UseFormSetValue<InvoiceFormValues>;
  errors: FieldErrors<InvoiceFormValues>;
  products: ProductOption[];
  disabled: boolean;
}

/**
 * Any form with the invoice's `items` and `currency` fields. react-hook-form's field paths cannot be
 * checked against a generic form type, so the props are read as the invoice form's, whose `items`
 * and `currency` the constraint guarantees.
 */
export function InvoiceItemsEditor<T extends LineItemsFormValues>(
  props: Omit<ItemsEditorProps, 'control' | 'register' | 'setValue' | 'errors'> & {
    control: Control<T, unknown, unknown>;
    register: UseFormRegister<T>;
    setValue: UseFormSetValue<T>;
    errors: FieldErrors<T>;
  },
) {
  const { control, register, setValue, errors, products, disabled } = props as unknown as ItemsEditorProps;
  const { t } = usePortalI18n();
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
              <th style={{ minWidth: 125 }}>{t('invoices.items.type')}</th>
              <th style={{ minWidth: 200 }}>{t('invoices.items.item')}</th>
              <th style={{ minWidth: 90 }}>{t('invoices.items.quantity')}</th>
              <th style={{ minWidth: 120 }}>{t('invoices.items.unitPrice')}</th>
              <th className="text-end" style={{ minWidth: 100 }}>
                {t('invoices.totals.total')}
              </th>
              <th style={{ width: 50 }}>
                <span className="visually-hidden">{t('invoices.items.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <InvoiceItemRow
                key={field.id}
                index={index}
                item={items[index] ?? field}
                currency={currency}
                register={register}
                itemErrors={errors.items?.[index]}
                products={products}
                onChooseProduct={(productId) => chooseProduct(index, productId)}
                onRemove={() => remove(index)}
                canRemove={fields.length > 1}
                disabled={disabled}
              />
            ))}
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
        {t('invoices.items.add')}
      </Button>
    </div>
  );
}
