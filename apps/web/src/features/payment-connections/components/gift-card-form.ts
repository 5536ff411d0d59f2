// The gift card form as typed (balance as a decimal string) and its way into the contract's schema:
// the typed balance becomes minor units of the chosen currency (docs/ARCHITECTURE.md).
import { issueGiftCardBody } from '@kassa/contract/connections';
import { z } from 'zod';
import { typedAmountToMinor } from '../../../lib/money-input.ts';

export const giftCardForm = z
  .object({ code: z.string(), pin: z.string(), balance: z.string(), currency: z.string() })
  .transform(
    (v, ctx): z.input<typeof issueGiftCardBody> => ({
      // Left empty, the server generates the code and the PIN.
      code: v.code.trim() || undefined,
      pin: v.pin.trim() || undefined,
      balance: typedAmountToMinor(v.balance, v.currency, ctx, ['balance']),
      currency: v.currency,
    }),
  )
  .pipe(issueGiftCardBody);

export type GiftCardFormValues = z.input<typeof giftCardForm>;
export type GiftCardFormOutput = z.output<typeof giftCardForm>;
