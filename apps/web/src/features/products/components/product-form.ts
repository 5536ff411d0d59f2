// The product form's fields as typed (price as a decimal string) and their way into the contract's
// schema: the typed price becomes minor units, then productCreate checks everything the API checks.
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import { MESSAGE_TYPE, type Product, productCreate } from '@kassa/contract/products';
import { z } from 'zod';
import { minorToTyped, typedAmountToMinor } from '../../../lib/money-input.ts';

export const productForm = z
  .object({
    name: z.string(),
    description: z.string(),
    price_per_unit: z.string(),
    currency: z.string(),
    image: z.string().nullable(),
    message_type: z.enum(['1', '2']),
    message: z.string(),
    comment: z.string().nullable(),
    is_active: z.boolean(),
  })
  .transform(
    (v, ctx): z.input<typeof productCreate> => ({
      ...v,
      price_per_unit: typedAmountToMinor(v.price_per_unit, v.currency, ctx, ['price_per_unit']),
      message_type: v.message_type === '2' ? MESSAGE_TYPE.REDIRECT : MESSAGE_TYPE.MESSAGE,
    }),
  )
  .pipe(productCreate);

export type ProductFormValues = z.input<typeof productForm>;
export type ProductFormOutput = z.output<typeof productForm>;

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  description: '',
  price_per_unit: '',
  currency: DEFAULT_CURRENCY,
  image: null,
  message_type: '1',
  message: '',
  comment: null,
  is_active: true,
});

export const productToForm = (p: Product): ProductFormValues => ({
  name: p.name,
  description: p.description,
  price_per_unit: minorToTyped(p.price_per_unit, p.currency),
  currency: p.currency,
  image: p.image,
  message_type: p.message_type === MESSAGE_TYPE.REDIRECT ? '2' : '1',
  message: p.message,
  comment: p.comment,
  is_active: p.is_active,
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
] as const;
