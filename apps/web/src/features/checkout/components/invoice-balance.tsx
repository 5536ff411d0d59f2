// What an invoice paid in parts shows a buyer (docs/product-rules.md#partial-payments): amount paid,
// balance due and each payment, and the amount field that picks the part paid now.
import { type InvoiceBalance, paymentAmountProblem, smallestPayment } from '@kassa/contract/invoice-payments';
import type { InvoicePayment } from '@kassa/contract/invoices';
import { formatMoney, MoneyError, toMinor } from '@kassa/contract/money';
import { formatPaymentDate } from '../invoice-format.ts';

export function InvoiceBalanceLines({
  invoice,
  payments,
}: {
  invoice: InvoiceBalance & { balance_due: number };
  payments?: InvoicePayment[];
}) {
  if (invoice.amount_paid === 0 && !payments?.length) return null;
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  return (
    <section className="invoice-balance mt-3" aria-label="Payments" data-testid="invoice-balance">
      <dl className="invoice-meta">
        <div>
          <dt>Amount paid</dt>
          <dd data-testid="invoice-amount-paid">{money(invoice.amount_paid)}</dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd data-testid="invoice-balance-due">{money(invoice.balance_due)}</dd>
        </div>
      </dl>
      {payments && payments.length > 0 && (
        <ul className="list-unstyled small mb-0" data-testid="invoice-payments">
          {payments.map((p) => (
            <li key={p.id}>
              {formatPaymentDate(p.created_at)} — {money(p.amount)}
              {p.card_last4 && ` by card ending ${p.card_last4}`}
              {p.refunded_amount > 0 && `, ${money(p.refunded_amount)} refunded`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The typed amount in minor units, or the message saying why it cannot be paid. */
export function chosenAmount(invoice: InvoiceBalance, typed: string): { amount: number } | { error: string } {
  let amount: number;
  try {
    amount = toMinor(typed.trim(), invoice.currency);
  } catch (error) {
    return {
      error:
        error instanceof MoneyError && /decimals/.test(error.message) ? error.message : 'Enter an amount such as 12.50',
    };
  }
  const problem = paymentAmountProblem(invoice, amount);
  return problem ? { error: problem } : { amount };
}

export function PaymentAmountField({
  invoice,
  value,
  onChange,
  error,
}: {
  invoice: InvoiceBalance & { balance_due: number };
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const smallest = smallestPayment(invoice);
  const hint =
    smallest === invoice.balance_due
      ? `The balance due is ${money(invoice.balance_due)}.`
      : invoice.allow_partial
        ? `Pay from ${money(smallest)} up to the balance of ${money(invoice.balance_due)}.`
        : `Pay the deposit of ${money(smallest)} now, or the whole balance of ${money(invoice.balance_due)}.`;
  return (
    // Plain Bootstrap markup: the buyer pages load no component library (checkout-entry-imports.test.ts).
    <div className="mb-3">
      <label className="form-label" htmlFor="invoice-pay-amount">
        Amount to pay now ({invoice.currency})
      </label>
      <input
        id="invoice-pay-amount"
        className={`form-control${error ? ' is-invalid' : ''}`}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby="invoice-pay-amount-hint"
        data-testid="invoice-pay-amount"
      />
      <div className="invalid-feedback" data-testid="invoice-pay-amount-error">
        {error}
      </div>
      <div className="form-text" id="invoice-pay-amount-hint">
        {hint}
      </div>
    </div>
  );
}
