// Amounts typed by users are decimal strings; the API takes integer minor units (docs/ARCHITECTURE.md).
// toMinor refuses more decimals than the currency has, and that message becomes the field's error.
import { fromMinor, MoneyError, toMinor } from '@kassa/contract/money';
import type { z } from 'zod';

/** The minor units of a typed amount, or a zod issue on `path` (NaN is returned so the pipe fails too). */
export function typedAmountToMinor(value: string, currency: string, ctx: z.RefinementCtx, path: PropertyKey[]): number {
  const trimmed = value.trim();
  if (!trimmed) {
    ctx.addIssue({ code: 'custom', path, message: 'Enter an amount' });
    return Number.NaN;
  }
  try {
    return toMinor(trimmed, currency || 'USD');
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      path,
      message:
        error instanceof MoneyError && /decimals/.test(error.message) ? error.message : 'Enter an amount such as 12.50',
    });
    return Number.NaN;
  }
}

/** The form's text for a stored amount. */
export const minorToTyped = (amountMinor: number, currency: string) => fromMinor(amountMinor, currency);
