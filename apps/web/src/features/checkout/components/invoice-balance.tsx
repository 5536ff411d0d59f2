// What an invoice paid in parts shows a buyer (docs/product-rules.md#partial-payments): amount paid,
// balance due and each payment, and the amount field that picks the part paid now.

import { type InvoiceBalance, paymentAmountProblem, smallestPayment } from '@kassa/contract/invoice-payments';
import type { InvoicePayment } from '@kassa/contract/invoices';
import { formatMoney, MoneyError, toMinor } from '@kassa/contract/money';
import { useI18n } from '../../../lib/i18n.tsx';
import { formatPaymentDate } from '../invoice-format.ts';

export function InvoiceBalanceLines({
  invoice,
  payments,
}: {
  invoice: InvoiceBalance & { balance_due: number };
  payments?: InvoicePayment[];
}) {
  const { t, locale } = useI18n();
  if (invoice.amount_paid === 0 && !payments?.length) return null;
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  return (
    <section className="invoice-balance mt-3" aria-label={t('invoice.payments')} data-testid="invoice-balance">
      <dl className="invoice-meta">
        <div>
          <dt>{t('invoice.amountPaid')}</dt>
          <dd data-testid="invoice-amount-paid">{money(invoice.amount_paid)}</dd>
        </div>
        <div>
          <dt>{t('invoice.balanceDue')}</dt>
          <dd data-testid="invoice-balance-due">{money(invoice.balance_due)}</dd>
        </div>
      </dl>
      {payments && payments.length > 0 && (
        <ul className="list-unstyled small mb-0" data-testid="invoice-payments">
          {payments.map((p) => (
            <li key={p.id}>
              {t('invoice.paymentLine', { date: formatPaymentDate(p.created_at, locale), amount: money(p.amount) })}
              {p.card_last4 && t('invoice.byCard', { last4: p.card_last4 })}
              {p.refunded_amount > 0 && t('invoice.refunded', { amount: money(p.refunded_amount) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The typed amount in minor units, or the message saying why it cannot be paid. */
export function chosenAmount(
  invoice: InvoiceBalance,
  typed: string,
  enterAmount = 'Enter an amount such as 12.50',
): { amount: number } | { error: string } {
  let amount: number;
  try {
    amount = toMinor(typed.trim(), invoice.currency);
  } catch (error) {
    return {
      error: error instanceof MoneyError && /decimals/.test(error.message) ? error.message : enterAmount,
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
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const smallest = smallestPayment(invoice);
  const amounts = { smallest: money(smallest), balance: money(invoice.balance_due) };
  const hint =
    smallest === invoice.balance_due
      ? t('invoice.hintBalance', amounts)
      : invoice.allow_partial
        ? t('invoice.hintPartial', amounts)
        : t('invoice.hintDeposit', amounts);
  return (
    // Plain Bootstrap markup: the buyer pages load no component library (checkout-entry-imports.test.ts).
    <div className="mb-3">
      <label className="form-label" htmlFor="invoice-pay-amount">
        {t('invoice.amountToPay', { currency: invoice.currency })}
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
