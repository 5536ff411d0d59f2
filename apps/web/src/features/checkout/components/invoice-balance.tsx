// What an invoice paid in parts shows a buyer (docs/product-rules.md#partial-payments): amount paid,
// balance due and each payment, and the amount field that picks the part paid now.

import { currencyExponent } from '@kassa/contract/currencies';
import {
  type InvoiceBalance,
  type PaymentAmountIssue,
  paymentAmountIssue,
  smallestPayment,
} from '@kassa/contract/invoice-payments';
import type { InvoicePayment } from '@kassa/contract/invoices';
import { formatMoney, fromMinor, MoneyError, toMinor } from '@kassa/contract/money';
import { type I18n, useI18n } from '../../../lib/i18n.tsx';
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

/** The locale's decimal mark: "," in German, French and Spanish, "." in English. */
const decimalMark = (locale: string) =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** An amount as a buyer of this language writes it in the field: "12,50" in German, "12.50" in English. */
export const writtenAmount = (minor: number, currency: string, locale: string) =>
  fromMinor(minor, currency).replace('.', decimalMark(locale));

const ISSUE_TEXT: Record<PaymentAmountIssue['kind'], string> = {
  notPositive: 'invoice.amountAboveZero',
  alreadyPaid: 'invoice.alreadyPaid',
  aboveBalance: 'invoice.aboveBalance',
  balanceOnly: 'invoice.balanceOnly',
  belowDeposit: 'invoice.belowDeposit',
  depositOrBalance: 'invoice.depositOrBalance',
  belowMinimum: 'invoice.belowMinimum',
};

/** The typed amount in minor units, or the message saying why it cannot be paid, in the buyer's language. */
export function chosenAmount(
  invoice: InvoiceBalance,
  typed: string,
  { t, locale }: I18n,
): { amount: number } | { error: string } {
  const currency = invoice.currency.toUpperCase();
  let amount: number;
  try {
    amount = toMinor(typed.trim().replace(decimalMark(locale), '.'), currency);
  } catch (error) {
    if (!(error instanceof MoneyError && /decimals/.test(error.message))) {
      return { error: t('invoice.enterAmount', { example: writtenAmount(1250, 'EUR', locale) }) };
    }
    const decimals = currencyExponent(currency);
    return {
      error:
        decimals === 0 ? t('invoice.noDecimals', { currency }) : t('invoice.tooManyDecimals', { currency, decimals }),
    };
  }
  const issue = paymentAmountIssue(invoice, amount);
  if (!issue) return { amount };
  const { kind, ...amounts } = issue;
  const money = Object.fromEntries(
    Object.entries(amounts).map(([name, minor]) => [name, formatMoney(minor, currency, locale)]),
  );
  return { error: t(ISSUE_TEXT[kind], money) };
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
