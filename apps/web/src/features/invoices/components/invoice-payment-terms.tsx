// How the invoice may be paid (docs/product-rules.md#partial-payments): a deposit first, as a
// percentage of the total or an amount, and whether the customer may pay the rest in parts.
import { formatMoney } from '@kassa/contract/money';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { type FormParts, InvoiceCard } from './invoice-form-sections.tsx';

export function PaymentTermsCard({ register, errors }: FormParts) {
  return (
    <InvoiceCard title="Payment terms">
      <Form.Group controlId="inv-deposit" className="mb-3">
        <Form.Label>Deposit (optional)</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            inputMode="decimal"
            placeholder="None"
            {...register('deposit')}
            isInvalid={Boolean(errors.deposit)}
            data-testid="inv-deposit"
          />
          <Form.Select
            aria-label="Deposit as"
            {...register('deposit_kind')}
            data-testid="inv-deposit-kind"
            className="flex-grow-0 w-auto"
          >
            <option value="percent">% of total</option>
            <option value="amount">amount</option>
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.deposit?.message}</Form.Control.Feedback>
        </InputGroup>
        <Form.Text>The customer pays at least this first.</Form.Text>
      </Form.Group>
      <Form.Check
        type="switch"
        id="inv-allow-partial"
        label="Allow partial payments"
        {...register('allow_partial')}
        data-testid="inv-allow-partial"
      />
      <Form.Text>The customer may pay the balance in parts instead of all at once.</Form.Text>
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
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  return (
    <InvoiceCard title="Payments">
      <dl className="row mb-2 small" data-testid="invoice-payment-summary">
        {invoice.deposit_amount > 0 && (
          <>
            <dt className="col-6">Deposit</dt>
            <dd className="col-6 text-end">{money(invoice.deposit_amount)}</dd>
          </>
        )}
        <dt className="col-6">Amount paid</dt>
        <dd className="col-6 text-end" data-testid="invoice-amount-paid">
          {money(invoice.amount_paid)}
        </dd>
        <dt className="col-6">Balance due</dt>
        <dd className="col-6 text-end fw-semibold" data-testid="invoice-balance-due">
          {money(invoice.balance_due)}
        </dd>
      </dl>
      {invoice.payments.length === 0 ? (
        <p className="text-body-secondary small mb-0">No payments yet.</p>
      ) : (
        <ol className="list-unstyled small mb-0" data-testid="invoice-timeline">
          {invoice.payments.flatMap((p) => [
            <li key={p.id}>
              <a href={`/transactions/${p.id}`}>{new Date(p.created_at).toLocaleString()}</a> — paid {money(p.amount)}
              {p.card_last4 && ` (card ending ${p.card_last4})`}
            </li>,
            ...(p.refunded_amount > 0
              ? [
                  <li key={`${p.id}-refund`} className="text-danger-emphasis">
                    refunded {money(p.refunded_amount)} of it
                  </li>,
                ]
              : []),
          ])}
        </ol>
      )}
    </InvoiceCard>
  );
}
