import { describe, expect, it } from 'vitest';
import {
  depositFromPercentage,
  type InvoiceBalance,
  minimumPartialPayment,
  paymentAmountProblem,
  smallestPayment,
  suggestedPayment,
} from './invoice-payments.ts';

const invoice = (over: Partial<InvoiceBalance> = {}): InvoiceBalance => ({
  currency: 'USD',
  total_amount: 10_000,
  amount_paid: 0,
  deposit_amount: 0,
  allow_partial: false,
  ...over,
});

describe('the amount a buyer may pay on an invoice', () => {
  it('takes only the whole balance without deposit or partial payments', () => {
    expect(paymentAmountProblem(invoice(), 10_000)).toBeUndefined();
    expect(paymentAmountProblem(invoice(), 5_000)).toBe('This invoice is paid in full: pay the balance of $100.00.');
    expect(smallestPayment(invoice())).toBe(10_000);
  });

  it('asks for the deposit first, then any part of at least the minimum with partial payments', () => {
    const open = invoice({ deposit_amount: 3_000, allow_partial: true });
    expect(paymentAmountProblem(open, 2_999)).toBe('Pay at least the deposit of $30.00.');
    expect(paymentAmountProblem(open, 3_000)).toBeUndefined();
    expect(paymentAmountProblem(open, 4_321)).toBeUndefined();
    expect(suggestedPayment(open)).toBe(3_000);
    const afterDeposit = { ...open, amount_paid: 3_000 };
    expect(paymentAmountProblem(afterDeposit, 49)).toBe('The smallest part you can pay is $0.50.');
    expect(paymentAmountProblem(afterDeposit, 50)).toBeUndefined();
    expect(smallestPayment(afterDeposit)).toBe(50);
    expect(suggestedPayment(afterDeposit)).toBe(7_000);
  });

  it('with a deposit but no partial payments takes the deposit or the whole balance', () => {
    const open = invoice({ deposit_amount: 2_000 });
    expect(paymentAmountProblem(open, 2_500)).toBe('Pay the deposit of $20.00 or the whole balance of $100.00.');
    expect(paymentAmountProblem(open, 2_000)).toBeUndefined();
    expect(paymentAmountProblem({ ...open, amount_paid: 2_000 }, 1_000)).toBe(
      'This invoice is paid in full: pay the balance of $80.00.',
    );
  });

  it('never more than the balance, never zero, negative or a fraction', () => {
    const open = invoice({ allow_partial: true, amount_paid: 9_000 });
    expect(paymentAmountProblem(open, 1_001)).toBe('The amount is more than the balance due of $10.00.');
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(paymentAmountProblem(open, bad)).toMatch(/above zero/);
    expect(paymentAmountProblem(invoice({ amount_paid: 10_000 }), 1)).toBe('This invoice has already been paid.');
  });

  it('lets the last part be smaller than the minimum when it is the whole balance', () => {
    const almost = invoice({ allow_partial: true, amount_paid: 9_980 });
    expect(paymentAmountProblem(almost, 20)).toBeUndefined();
    expect(smallestPayment(almost)).toBe(20);
  });

  it('knows the minimum of currencies without minor units and with thousandths', () => {
    expect(minimumPartialPayment('USD')).toBe(50);
    expect(minimumPartialPayment('JPY')).toBe(50);
    expect(minimumPartialPayment('KWD')).toBe(500);
  });

  it('turns a percentage deposit into an amount, rounded up', () => {
    expect(depositFromPercentage(10_000, 3_000)).toBe(3_000);
    expect(depositFromPercentage(33_333, 3_000)).toBe(10_000);
    expect(depositFromPercentage(99_999_999, 10_000)).toBe(99_999_999);
    expect(depositFromPercentage(1_001, 1)).toBe(1);
  });
});
