// The product form's fields as typed (price as a decimal string) and their way into the contract's
// schema: the typed price becomes minor units, then productCreate checks everything the API checks.
import { MESSAGE_TYPE, type Product, productCreate } from '@kassa/contract/products';
import { z } from 'zod';
import {
  checkoutItemFormShape,
  checkoutItemToForm,
  emptyCheckoutItemForm,
} from '../../../components/form/checkout-item-form.ts';
import { minorToTyped, typedAmountToMinor } from '../../../lib/money-input.ts';

export const productForm = z
  .object({
    ...checkoutItemFormShape,
    price_per_unit: z.string(),
    image: z.string().nullable(),
    message_type: z.enum(['1', '2']),
    message: z.string(),
    recurring_price_id: z.string(),
  })
  .transform(
    (v, ctx): z.input<typeof productCreate> => ({
      ...v,
      price_per_unit: typedAmountToMinor(v.price_per_unit, v.currency, ctx, ['price_per_unit']),
      message_type: v.message_type === '2' ? MESSAGE_TYPE.REDIRECT : MESSAGE_TYPE.MESSAGE,
      recurring_price_id: v.recurring_price_id || null,
    }),
  )
  .pipe(productCreate);

export type ProductFormValues = z.input<typeof productForm>;

export const emptyProductForm = (): ProductFormValues => ({
  ...emptyCheckoutItemForm(),
  price_per_unit: '',
  image: null,
  message_type: '1',
  message: '',
  recurring_price_id: '',
});

export const productToForm = (p: Product): ProductFormValues => ({
  ...checkoutItemToForm(p),
  price_per_unit: minorToTyped(p.price_per_unit, p.currency),
  image: p.image,
  message_type: p.message_type === MESSAGE_TYPE.REDIRECT ? '2' : '1',
  message: p.message,
  recurring_price_id: p.recurring_price_id ?? '',
});

export const PRODUCT_FIELDS = [
  'name',
  'description',
  'price_per_unit',
  'currency',
  'image',
  'message_type',
  'message',
  'comment',
  'is_active',
  'recurring_price_id',
] as const;
