// How the invoice may be paid (docs/product-rules.md#partial-payments): a deposit first, as a
// percentage of the total or an amount, and whether the customer may pay the rest in parts.
import { formatMoment } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { type FormParts, InvoiceCard } from './invoice-form-sections.tsx';

export function PaymentTermsCard({ register, errors }: FormParts) {
  const { t } = usePortalI18n();
  return (
    <InvoiceCard title={t('invoices.terms.title')}>
      <Form.Group controlId="inv-deposit" className="mb-3">
        <Form.Label>{t('invoices.terms.deposit')}</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            inputMode="decimal"
            placeholder={t('invoices.terms.none')}
            {...register('deposit')}
            isInvalid={Boolean(errors.deposit)}
            data-testid="inv-deposit"
          />
          <Form.Select
            aria-label={t('invoices.terms.depositAs')}
            {...register('deposit_kind')}
            data-testid="inv-deposit-kind"
            className="flex-grow-0 w-auto"
          >
            <option value="percent">{t('invoices.terms.percentOfTotal')}</option>
            <option value="amount">{t('invoices.terms.amount')}</option>
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.deposit?.message}</Form.Control.Feedback>
        </InputGroup>
        <Form.Text>{t('invoices.terms.depositHelp')}</Form.Text>
      </Form.Group>
      <Form.Check
        type="switch"
        id="inv-allow-partial"
        label={t('invoices.terms.allowPartial')}
        {...register('allow_partial')}
        data-testid="inv-allow-partial"
      />
      <Form.Text>{t('invoices.terms.allowPartialHelp')}</Form.Text>
    </InvoiceCard>
  );
}

/** What a saved invoice has been paid: amount paid, balance due and every payment with its refunds. */
export function InvoicePaymentsCard({
  invoice,
}: {
  invoice: {
    currency: string;
    deposit_amount: number;
    amount_paid: number;
    balance_due: number;
    payments: { id: string; amount: number; refunded_amount: number; card_last4: string | null; created_at: string }[];
  };
}) {
  const { t, locale } = usePortalI18n();
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  return (
    <InvoiceCard title={t('invoices.payments.title')}>
      <dl className="row mb-2 small" data-testid="invoice-payment-summary">
        {invoice.deposit_amount > 0 && (
          <>
            <dt className="col-6">{t('invoices.payments.deposit')}</dt>
            <dd className="col-6 text-end">{money(invoice.deposit_amount)}</dd>
          </>
        )}
        <dt className="col-6">{t('invoices.payments.amountPaid')}</dt>
        <dd className="col-6 text-end" data-testid="invoice-amount-paid">
          {money(invoice.amount_paid)}
        </dd>
        <dt className="col-6">{t('invoices.payments.balanceDue')}</dt>
        <dd className="col-6 text-end fw-semibold" data-testid="invoice-balance-due">
          {money(invoice.balance_due)}
        </dd>
      </dl>
      {invoice.payments.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('invoices.payments.none')}</p>
      ) : (
        <ol className="list-unstyled small mb-0" data-testid="invoice-timeline">
          {invoice.payments.flatMap((p) => [
            <li key={p.id}>
              <a href={`/transactions/${p.id}`}>{formatMoment(new Date(p.created_at), locale)}</a> —{' '}
              {p.card_last4
                ? t('invoices.payments.paidWithCard', { amount: money(p.amount), last4: p.card_last4 })
                : t('invoices.payments.paid', { amount: money(p.amount) })}
            </li>,
            ...(p.refunded_amount > 0
              ? [
                  <li key={`${p.id}-refund`} className="text-danger-emphasis">
                    {t('invoices.payments.refunded', { amount: money(p.refunded_amount) })}
                  </li>,
                ]
              : []),
          ])}
        </ol>
      )}
    </InvoiceCard>
  );
}
