// Virtual terminal (docs/ARCHITECTURE.md: app 2 VT): a merchant keys in a card payment for
// a customer. The session it opens is the same checkout token data as the public checkouts (docs/product-rules.md#entities).
import { z } from 'zod';
import { email, minorAmount } from './common.ts';
import { knownCurrency } from './products.ts';
import { maxChars } from './text-length.ts';

export const virtualTerminalCheckoutBody = z.object({
  /** Minor units (cents); the server signs exactly this amount into the session. */
  amount: minorAmount.min(1, 'Enter an amount above zero'),
  currency: knownCurrency,
  description: maxChars(z.string().trim(), 500, 'Description is too long').default(''),
  customer_first_name: maxChars(z.string().trim().min(1, 'Enter the first name'), 80),
  customer_last_name: maxChars(z.string().trim().min(1, 'Enter the last name'), 80),
  customer_email: email,
  /** Authorize only: the card is held for the amount and captured (or voided) later from the transaction. */
  authorize_only: z.boolean().default(false),
});
export type VirtualTerminalCheckoutBody = z.input<typeof virtualTerminalCheckoutBody>;
