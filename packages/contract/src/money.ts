// The one module for money arithmetic, rounding and formatting (docs/ARCHITECTURE.md). Amounts are integers
// in minor units of an ISO 4217 currency; decimal strings are parsed with string/bigint math, never
// through floats, so "0.29" is 29 cents and not 28.999….
import { currencyExponent } from './currencies.ts';

/** A malformed amount or an amount out of the safe integer range; callers turn it into a 400. */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

const BPS_PER_WHOLE = 10_000n; // 100 % = 10 000 basis points
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError(`${what} is too large`);
  }
  return Number(value);
}

function assertMinor(amountMinor: number, what = 'Amount') {
  if (!Number.isSafeInteger(amountMinor)) throw new MoneyError(`${what} must be a whole number of minor units`);
}

/**
 * "12.34" USD → 1234; "1234" JPY → 1234; "12.345" BHD → 12345. Digits beyond the currency's exponent
 * are refused unless they are zeros ("12.340" USD is 1234, "12.345" USD is an error): silently
 * rounding a typed amount would charge something the user did not type.
 */
export function toMinor(amount: string, currency: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new MoneyError(`"${amount}" is not a decimal amount`);
  const [, sign, whole = '0', rawFraction = ''] = match;
  const exponent = currencyExponent(currency);
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > exponent) {
    throw new MoneyError(
      exponent === 0
        ? `${currency.toUpperCase()} amounts have no decimals`
        : `${currency.toUpperCase()} amounts have at most ${exponent} decimals`,
    );
  }
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  return toSafeNumber(sign === '-' ? -minor : minor, 'Amount');
}

/** 1234 USD → "12.34"; 1234 JPY → "1234"; 1234 BHD → "1.234"; -5 USD → "-0.05". No grouping, no symbol. */
export function fromMinor(amountMinor: number, currency: string): string {
  assertMinor(amountMinor);
  const exponent = currencyExponent(currency);
  const digits = Math.abs(amountMinor).toString();
  const sign = amountMinor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Localised amount with the currency's own number of decimals: 1234 USD → "$12.34", 1234 JPY →
 * "¥1,234", 1234 BHD → "BHD 1.234" (en-US has no symbol for the dinar, so Intl shows the code).
 * The exact decimal string goes to Intl, so large amounts are not rounded through a float.
 */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = currencyExponent(code);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(fromMinor(amountMinor, code) as `${number}`);
}

/**
 * amountMinor × basisPoints / 10 000, rounded half-up (half away from zero) to the minor unit:
 * 10 % of 5 cents is 0.5 → 1 cent. Half-up is what invoices and receipts are checked against by hand;
 * banker's rounding would surprise a merchant recomputing a single line.
 */
/**
 * An amount a person typed for an action capped at `max` minor units (a refund, a capture): the
 * minor units, or the sentence to show under the field. `verb` words the messages ("Refund" →
 * "Refund more than zero", "At most $5.00 can be refunded").
 */
export function parseAmountUpTo(
  value: string,
  currency: string,
  max: number,
  verb: { action: string; done: string },
): { minor: number } | { error: string } {
  let minor: number;
  try {
    minor = toMinor(value.trim(), currency);
  } catch {
    return { error: 'Enter an amount like 12.50' };
  }
  if (minor <= 0) return { error: `${verb.action} more than zero` };
  if (minor > max) return { error: `At most ${formatMoney(max, currency)} can be ${verb.done}` };
  return { minor };
}

export function percentOf(amountMinor: number, basisPoints: number): number {
  assertMinor(amountMinor);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new MoneyError('Basis points must be a non-negative whole number');
  }
  const product = BigInt(amountMinor) * BigInt(basisPoints);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / BPS_PER_WHOLE;
  if ((magnitude % BPS_PER_WHOLE) * 2n >= BPS_PER_WHOLE) quotient += 1n;
  return toSafeNumber(negative ? -quotient : quotient, 'Amount');
}

/** "12.5" (percent) → 1250 basis points; at most two decimals, 0–100 %. */
export function percentToBasisPoints(percent: string): number {
  const match = DECIMAL.exec(percent.trim());
  const fraction = match?.[3]?.replace(/0+$/, '') ?? '';
  if (!match || match[1] === '-' || fraction.length > 2) {
    throw new MoneyError(`"${percent}" is not a percentage with at most 2 decimals`);
  }
  const bps = Number(match[2]) * 100 + Number(fraction.padEnd(2, '0'));
  if (bps > 10_000) throw new MoneyError('A percentage cannot exceed 100');
  return bps;
}

/** quantity × unit price of one line, exact. */
export function lineTotal(quantity: number, price: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new MoneyError('Quantity must be a whole number ≥ 0');
  assertMinor(price, 'Price');
  if (price < 0) throw new MoneyError('Price cannot be negative');
  return toSafeNumber(BigInt(quantity) * BigInt(price), 'Line total');
}

export interface InvoiceTotalsInput {
  items: readonly { quantity: number; price: number }[];
  discountBps: number;
  shippingBps: number;
  taxBps: number;
  /** Fixed amounts in minor units; each one given replaces its percentage. */
  fixed?: { discount?: number; shipping?: number; tax?: number };
}

export interface InvoiceTotals {
  sub_total: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Invoice totals in minor units (docs/product-rules.md#public-invoice: discount, sub-total, shipping, tax, each with a
 * percentage, and total). Order, fixed here because the spec does not say:
 *   sub_total = Σ quantity × price
 *   discount  = round(sub_total × discount%)
 *   shipping  = round((sub_total − discount) × shipping%)
 *   tax       = round((sub_total − discount) × tax%)      — shipping is not taxed
 *   total     = sub_total − discount + shipping + tax
 * Each step rounds half-up to the minor unit (percentOf), so the parts always add up to the total.
 * A fixed amount takes the place of its percentage as typed; a fixed discount larger than the
 * sub-total is refused (an invoice never owes the buyer money), and a percentage of shipping or tax
 * still applies to the sub-total less a fixed discount.
 */
export function invoiceTotals(input: InvoiceTotalsInput): InvoiceTotals {
  let subTotal = 0n;
  for (const item of input.items) subTotal += BigInt(lineTotal(item.quantity, item.price));
  const sub_total = toSafeNumber(subTotal, 'Sub-total');
  const fixed = input.fixed ?? {};
  if (input.discountBps > 10_000) throw new MoneyError('A discount cannot exceed 100 %');
  for (const [name, value] of Object.entries(fixed)) {
    if (value !== undefined) assertMinor(value, name);
    if (value !== undefined && value < 0) throw new MoneyError(`The ${name} cannot be negative`);
  }
  if (fixed.discount !== undefined && fixed.discount > sub_total) {
    throw new MoneyError('The discount cannot be more than the sub-total');
  }
  const discount = fixed.discount ?? percentOf(sub_total, input.discountBps);
  const discounted = sub_total - discount;
  const shipping = fixed.shipping ?? percentOf(discounted, input.shippingBps);
  const tax = fixed.tax ?? percentOf(discounted, input.taxBps);
  const total = toSafeNumber(BigInt(discounted) + BigInt(shipping) + BigInt(tax), 'Total');
  return { sub_total, discount, shipping, tax, total };
}
