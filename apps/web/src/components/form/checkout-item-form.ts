// The form values every checkout item (product, quick payment) shares beside its amount: what the
// buyer reads (name, description, comment), the currency of the amount and whether it takes payments.
// Each item's form adds its own amount field and its way into the contract's schema.
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import { z } from 'zod';

export const checkoutItemFormShape = {
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  comment: z.string().nullable(),
  is_active: z.boolean(),
};

type CheckoutItemForm = z.input<z.ZodObject<typeof checkoutItemFormShape>>;

/** A new item: no text yet, the default currency, active. */
export const emptyCheckoutItemForm = (): CheckoutItemForm => ({
  name: '',
  description: '',
  currency: DEFAULT_CURRENCY,
  comment: null,
  is_active: true,
});

/** A saved item's shared fields as the form shows them. */
export const checkoutItemToForm = (item: CheckoutItemForm): CheckoutItemForm => ({
  name: item.name,
  description: item.description,
  currency: item.currency,
  comment: item.comment,
  is_active: item.is_active,
});
