// Invoices paid in parts (docs/product-rules.md#partial-payments): a deposit first when the merchant
// asks for one, then any part of at least the currency's minimum, never more than the balance. The API
// checks a buyer's amount with this before a checkout token is made; the public invoice page with the
// same function before it asks for one, so both say the same thing.
import { currencyExponent } from './currencies.ts';
import { formatMoney } from './money.ts';

/**
 * The smallest part a buyer may pay: half a major unit (0.50 of a dollar or euro), 50 for currencies
 * without minor units, as card processors refuse smaller charges (Stripe's minimum charge amounts).
 */
export function minimumPartialPayment(currency: string): number {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? 50 : 10 ** exponent / 2;
}

/** A deposit given as a percentage of the total (basis points), rounded up so it never falls short. */
export function depositFromPercentage(totalAmount: number, basisPoints: number): number {
  // Both are at most 10^8 and 10^4: the product stays an exact integer in a double.
  return Math.floor((totalAmount * basisPoints + 9_999) / 10_000);
}

export interface InvoiceBalance {
  currency: string;
  total_amount: number;
  amount_paid: number;
  deposit_amount: number;
  allow_partial: boolean;
}

/** What the buyer owes now: the invoice's balance, less nothing else. */
export const balanceDue = (invoice: InvoiceBalance) => Math.max(0, invoice.total_amount - invoice.amount_paid);

/** The deposit still to pay before any other part: nothing once payments reach it. */
export const depositDue = (invoice: InvoiceBalance) =>
  Math.min(balanceDue(invoice), Math.max(0, invoice.deposit_amount - invoice.amount_paid));

/** Whether a buyer may choose the amount (a deposit or partial payments), or only pays the balance. */
export const takesParts = (invoice: InvoiceBalance) => invoice.allow_partial || depositDue(invoice) > 0;

/** The smallest amount a buyer may pay now: the deposit, else the minimum, never above the balance. */
export function smallestPayment(invoice: InvoiceBalance): number {
  const balance = balanceDue(invoice);
  if (!takesParts(invoice)) return balance;
  return Math.min(balance, Math.max(depositDue(invoice), minimumPartialPayment(invoice.currency)));
}

/** The amount the public page suggests: the deposit while it is due, else the balance. */
export const suggestedPayment = (invoice: InvoiceBalance) => depositDue(invoice) || balanceDue(invoice);

/**
 * Why `amount` cannot be paid now, with the amounts (minor units) a message names; undefined when it
 * may be paid. Without partial payments, after the deposit only the whole balance may be paid. The API
 * words it in English (`paymentAmountProblem`), the public invoice page in the buyer's language.
 */
export type PaymentAmountIssue =
  | { kind: 'notPositive' }
  | { kind: 'alreadyPaid' }
  | { kind: 'aboveBalance'; balance: number }
  | { kind: 'balanceOnly'; balance: number }
  | { kind: 'belowDeposit'; deposit: number }
  | { kind: 'depositOrBalance'; deposit: number; balance: number }
  | { kind: 'belowMinimum'; minimum: number };

export function paymentAmountIssue(invoice: InvoiceBalance, amount: number): PaymentAmountIssue | undefined {
  const balance = balanceDue(invoice);
  if (!Number.isInteger(amount) || amount <= 0) return { kind: 'notPositive' };
  if (balance === 0) return { kind: 'alreadyPaid' };
  if (amount > balance) return { kind: 'aboveBalance', balance };
  if (amount === balance) return undefined;
  const deposit = depositDue(invoice);
  if (!takesParts(invoice)) return { kind: 'balanceOnly', balance };
  if (deposit > 0 && amount < deposit) return { kind: 'belowDeposit', deposit };
  if (!invoice.allow_partial && amount !== deposit) return { kind: 'depositOrBalance', deposit, balance };
  const minimum = minimumPartialPayment(invoice.currency);
  if (amount < minimum) return { kind: 'belowMinimum', minimum };
  return undefined;
}

/** The API's message refusing `amount` for this invoice, or undefined when it may be paid. */
export function paymentAmountProblem(invoice: InvoiceBalance, amount: number): string | undefined {
  const issue = paymentAmountIssue(invoice, amount);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  switch (issue?.kind) {
    case undefined:
      return undefined;
    case 'notPositive':
      return 'Enter an amount above zero in minor units (cents).';
    case 'alreadyPaid':
      return 'This invoice has already been paid.';
    case 'aboveBalance':
      return `The amount is more than the balance due of ${money(issue.balance)}.`;
    case 'balanceOnly':
      return `This invoice is paid in full: pay the balance of ${money(issue.balance)}.`;
    case 'belowDeposit':
      return `Pay at least the deposit of ${money(issue.deposit)}.`;
    case 'depositOrBalance':
      return `Pay the deposit of ${money(issue.deposit)} or the whole balance of ${money(issue.balance)}.`;
    case 'belowMinimum':
      return `The smallest part you can pay is ${money(issue.minimum)}.`;
  }
}
