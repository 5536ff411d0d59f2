// Invoice checkout (docs/product-rules.md#routes /invoice/checkout/{id}): the invoice summary and the payment panel. A
// paid invoice cannot be paid again: it says so instead of opening a session.
import { suggestedPayment, takesParts } from '@kassa/contract/invoice-payments';
import { formatMoney, fromMinor } from '@kassa/contract/money';
import { useCallback, useState } from 'react';
import { openInvoiceCheckout, useInvoiceCheckoutDetails } from './api/checkout-api.ts';
import { CheckoutLink } from './checkout-navigation.tsx';
import { CheckoutPage } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { chosenAmount, InvoiceBalanceLines, PaymentAmountField } from './components/invoice-balance.tsx';
import { PaymentOutcome } from './components/payment-outcome.tsx';
import { PaymentPanel } from './components/payment-panel.tsx';
import { SummaryLine } from './components/summary-line.tsx';
import { formatDueDate, invoiceCopyPath } from './invoice-format.ts';
import { useCheckoutCompletion } from './use-checkout-completion.ts';
import { SESSION_DEBOUNCE_MS, useCheckoutSession } from './use-checkout-session.ts';

export const INVOICE_PAID_TEXT = 'This invoice has already been paid.';

export function InvoiceCheckout({ id }: { id: string }) {
  const details = useInvoiceCheckoutDetails(id);
  const invoice = details.data;
  // The part paid now: the deposit while it is due, else the balance, until the buyer types another.
  const [typed, setTyped] = useState<string | null>(null);
  const parts = invoice && !invoice.is_paid && takesParts(invoice);
  const shown = typed ?? (invoice ? fromMinor(suggestedPayment(invoice), invoice.currency) : '');
  const chosen = parts ? chosenAmount(invoice, shown) : null;
  const amount = chosen && 'amount' in chosen ? chosen.amount : undefined;
  const opener = useCallback(() => openInvoiceCheckout(id, amount), [id, amount]);
  const canOpen = invoice && !invoice.is_paid && (!parts || amount !== undefined);
  const checkout = useCheckoutSession(`${id}|${amount ?? ''}`, canOpen ? opener : null, SESSION_DEBOUNCE_MS);
  const { completed, complete, reset } = useCheckoutCompletion('invoice', () =>
    invoice
      ? {
          merchant_name: invoice.merchant_data.name,
          merchant_logo: invoice.merchant_data.logo,
          name: `Invoice ${invoice.invoice_number}`,
          description: `Invoice ${invoice.invoice_number}`,
          amount: amount ?? invoice.balance_due,
          currency: invoice.currency,
        }
      : null,
  );

  const unavailable = checkoutGate(details, {
    title: 'This invoice is not available',
    fallback: 'The link may be wrong, or the merchant has withdrawn the invoice.',
  });
  if (unavailable || !invoice) return unavailable;
  const total = formatMoney(invoice.total_amount, invoice.currency);

  return (
    <CheckoutPage
      merchant={invoice.merchant_data}
      title={`Invoice ${invoice.invoice_number}`}
      summary={
        <>
          <dl className="checkout-summary">
            <div>
              <dt>Bill to</dt>
              <dd>
                {invoice.customer_first_name} {invoice.customer_last_name}
              </dd>
            </div>
            <SummaryLine term="Due date">{formatDueDate(invoice.due_date)}</SummaryLine>
            <SummaryLine term="Total" testId="checkout-total" isTotal>
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
            View the full invoice
          </CheckoutLink>
        </>
      }
    >
      {invoice.is_paid ? (
        <section className="card checkout-card text-center" data-testid="invoice-already-paid">
          <div className="card-body p-4">
            <p className="h5 mb-0">{INVOICE_PAID_TEXT}</p>
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
