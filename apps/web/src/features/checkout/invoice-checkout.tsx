// Invoice checkout (docs/product-rules.md#routes /invoice/checkout/{id}): the invoice summary and the payment panel. A
// paid invoice cannot be paid again: it says so instead of opening a session.

import { suggestedPayment, takesParts } from '@kassa/contract/invoice-payments';
import { formatMoney } from '@kassa/contract/money';
import { useCallback, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { openInvoiceCheckout, useInvoiceCheckoutDetails } from './api/checkout-api.ts';
import { CheckoutLink } from './checkout-navigation.tsx';
import { CheckoutPage } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { chosenAmount, InvoiceBalanceLines, PaymentAmountField, writtenAmount } from './components/invoice-balance.tsx';
import { PaymentOutcome } from './components/payment-outcome.tsx';
import { PaymentPanel } from './components/payment-panel.tsx';
import { SummaryLine } from './components/summary-line.tsx';
import { formatDueDate, invoiceCopyPath } from './invoice-format.ts';
import { useCheckoutCompletion } from './use-checkout-completion.ts';
import { SESSION_DEBOUNCE_MS, useCheckoutSession } from './use-checkout-session.ts';

export function InvoiceCheckout({ id }: { id: string }) {
  const details = useInvoiceCheckoutDetails(id);
  const i18n = useI18n();
  const { t, locale } = i18n;
  const invoice = details.data;
  // The part paid now: the deposit while it is due, else the balance, until the buyer types another.
  const [typed, setTyped] = useState<string | null>(null);
  const parts = invoice && !invoice.is_paid && takesParts(invoice);
  const shown = typed ?? (invoice ? writtenAmount(suggestedPayment(invoice), invoice.currency, locale) : '');
  const chosen = parts ? chosenAmount(invoice, shown, i18n) : null;
  const amount = chosen && 'amount' in chosen ? chosen.amount : undefined;
  const opener = useCallback(() => openInvoiceCheckout(id, amount), [id, amount]);
  const canOpen = invoice && !invoice.is_paid && (!parts || amount !== undefined);
  const checkout = useCheckoutSession(`${id}|${amount ?? ''}`, canOpen ? opener : null, SESSION_DEBOUNCE_MS);
  const { completed, complete, reset } = useCheckoutCompletion('invoice', () =>
    invoice
      ? {
          merchant_name: invoice.merchant_data.name,
          merchant_logo: invoice.merchant_data.logo,
          name: t('invoice.title', { number: invoice.invoice_number }),
          description: t('invoice.title', { number: invoice.invoice_number }),
          amount: amount ?? invoice.balance_due,
          currency: invoice.currency,
        }
      : null,
  );

  const unavailable = checkoutGate(
    details,
    { title: t('invoice.unavailableTitle'), fallback: t('invoice.unavailable') },
    i18n,
  );
  if (unavailable || !invoice) return unavailable;
  const total = formatMoney(invoice.total_amount, invoice.currency, locale);

  return (
    <CheckoutPage
      merchant={invoice.merchant_data}
      title={t('invoice.title', { number: invoice.invoice_number })}
      summary={
        <>
          <dl className="checkout-summary">
            <div>
              <dt>{t('invoice.billTo')}</dt>
              <dd>
                {invoice.customer_first_name} {invoice.customer_last_name}
              </dd>
            </div>
            <SummaryLine term={t('invoice.dueDate')}>{formatDueDate(invoice.due_date, locale)}</SummaryLine>
            <SummaryLine term={t('summary.total')} testId="checkout-total" isTotal>
              {total}
            </SummaryLine>
          </dl>
          <InvoiceBalanceLines invoice={invoice} />
          {parts && !completed && (
            <PaymentAmountField
              invoice={invoice}
              value={shown}
              onChange={setTyped}
              error={chosen && 'error' in chosen ? chosen.error : undefined}
            />
          )}

          <CheckoutLink to={invoiceCopyPath(invoice.id)} className="small">
            {t('invoice.viewFull')}
          </CheckoutLink>
        </>
      }
    >
      {invoice.is_paid ? (
        <section className="card checkout-card text-center" data-testid="invoice-already-paid">
          <div className="card-body p-4">
            <p className="h5 mb-0">{t('invoice.alreadyPaid')}</p>
          </div>
        </section>
      ) : (
        <PaymentOutcome
          completed={completed}
          amount={amount ?? invoice.balance_due}
          currency={invoice.currency}
          // With no valid amount typed no session opens: nothing to wait for, the field says why.
          checkout={canOpen ? checkout : { ...checkout, loading: false }}
          reset={reset}
        >
          {checkout.session && (
            <PaymentPanel
              session={checkout.session}
              onComplete={complete}
              buyer={{
                firstName: invoice.customer_first_name,
                lastName: invoice.customer_last_name,
                email: invoice.customer_email,
              }}
            />
          )}
        </PaymentOutcome>
      )}
    </CheckoutPage>
  );
}
