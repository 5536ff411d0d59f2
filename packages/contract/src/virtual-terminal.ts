// Virtual terminal (docs/ARCHITECTURE.md: app 2 VT): a merchant keys in a card payment for
// a customer. The session it opens is the same checkout token data as the public checkouts (docs/product-rules.md#entities).
import { z } from 'zod';
import { minorAmount, optionalEmail } from './common.ts';
import { knownCurrency } from './products.ts';
import { maxChars } from './text-length.ts';

/** A keyed phone payment needs no name or e-mail (as with Stripe and Square); a receipt needs the e-mail. */
export const virtualTerminalCheckoutBody = z
  .object({
    /** Minor units (cents); the server signs exactly this amount into the session. */
    amount: minorAmount.min(1, 'Enter an amount above zero'),
    currency: knownCurrency,
    description: maxChars(z.string().trim(), 500, 'Description is too long').default(''),
    customer_first_name: maxChars(z.string().trim(), 80).default(''),
    customer_last_name: maxChars(z.string().trim(), 80).default(''),
    customer_email: optionalEmail.default(''),
    /** The merchant asked for the receipt to be e-mailed: the charge then needs the e-mail too. */
    email_receipt: z.boolean().default(false),
    /** Authorize only: the card is held for the amount and captured (or voided) later from the transaction. */
    authorize_only: z.boolean().default(false),
  })
  .refine((body) => !body.email_receipt || body.customer_email !== '', {
    path: ['customer_email'],
    message: 'Enter the e-mail address to send the receipt to',
  });
export type VirtualTerminalCheckoutBody = z.input<typeof virtualTerminalCheckoutBody>;
