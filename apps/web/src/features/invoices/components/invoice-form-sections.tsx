// The invoice editor's cards (docs/product-rules.md#routes /add-edit-invoice): customer, invoice
// details, adjustments with the totals, payment options, and the notices and buttons around them.
// Each gets the editor's form.
import type { InvoiceTotals } from '@kassa/contract/money';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { SelectField, TextField } from '../../../components/form/text-field.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { PATHS } from '../../../config/paths.ts';
import type { InvoiceFormValues } from './invoice-form.ts';
import { InvoiceTotalsPanel } from './invoice-totals-panel.tsx';

interface FormParts {
  register: UseFormRegister<InvoiceFormValues>;
  errors: FieldErrors<InvoiceFormValues>;
}

/** A titled card of the editor. */
export function InvoiceCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card className="invoice-card mb-4">
      <Card.Body>
        {title && <h2 className="h6 mb-3">{title}</h2>}
        {children}
      </Card.Body>
    </Card>
  );
}

export function CustomerFields({ register, errors }: FormParts) {
  return (
    <InvoiceCard title="Customer">
      <Row className="g-3">
        <Col sm={6}>
          <TextField
            id="inv-first-name"
            label="First name"
            error={errors.customer_first_name?.message}
            {...register('customer_first_name')}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="inv-last-name"
            label="Last name"
            error={errors.customer_last_name?.message}
            {...register('customer_last_name')}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="inv-email"
            label="E-mail"
            error={errors.customer_email?.message}
            type="email"
            {...register('customer_email')}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="inv-business"
            label="Business name (optional)"
            error={errors.business_name?.message}
            {...register('business_name')}
          />
        </Col>
      </Row>
    </InvoiceCard>
  );
}

export function InvoiceDetailsFields({ register, errors }: FormParts) {
  return (
    <InvoiceCard title="Invoice">
      <Row className="g-3">
        <Col sm={4}>
          <TextField
            id="inv-number"
            label="Invoice number"
            error={errors.invoice_number?.message}
            errorTestId="inv-number-error"
            {...register('invoice_number')}
          />
        </Col>
        <Col sm={4}>
          <TextField
            id="inv-due-date"
            label="Due date"
            error={errors.due_date?.message}
            type="date"
            {...register('due_date')}
          />
        </Col>
        <Col sm={4}>
          <SelectField id="inv-currency" label="Currency" error={errors.currency?.message} {...register('currency')}>
            <CurrencyOptions />
          </SelectField>
        </Col>
        <Col xs={12}>
          <TextField
            id="inv-description"
            label="Description"
            error={errors.description?.message}
            as="textarea"
            rows={3}
            {...register('description')}
          />
        </Col>
      </Row>
    </InvoiceCard>
  );
}

const ADJUSTMENTS = [
  ['discount_percentage', 'Discount'],
  ['shipping_percentage', 'Shipping'],
  ['tax_percentage', 'Tax'],
] as const;

/** Discount, shipping and tax percentages, and the totals they give. */
export function AdjustmentsCard({
  register,
  errors,
  totals,
  currency,
  percentages,
  isSaved,
}: FormParts & {
  totals: InvoiceTotals;
  currency: string;
  percentages: { discount: string; shipping: string; tax: string };
  /** The totals are the server's, as saved, not the live ones. */
  isSaved: boolean;
}) {
  return (
    <InvoiceCard title="Adjustments">
      {ADJUSTMENTS.map(([name, label]) => (
        <Form.Group as={Row} className="mb-2 align-items-center" controlId={`inv-${name}`} key={name}>
          <Form.Label column xs={5} className="py-0">
            {label} %
          </Form.Label>
          <Col xs={7}>
            <Form.Control
              inputMode="decimal"
              {...register(name)}
              isInvalid={Boolean(errors[name])}
              data-testid={`inv-${name.replace('_percentage', '')}`}
            />
            <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
          </Col>
        </Form.Group>
      ))}
      <hr />
      <InvoiceTotalsPanel
        totals={totals}
        currency={currency}
        percentages={percentages}
        caption={isSaved ? 'Saved totals, as computed by Kassa' : 'Live totals — Kassa recomputes them on save'}
      />
    </InvoiceCard>
  );
}

export function PaymentOptionsCard({
  register,
  errors,
  options,
}: FormParts & { options: { key: string; name: string }[] }) {
  return (
    <Card className="invoice-card mb-4">
      <Card.Body>
        <h2 className="h6 mb-2">Payment options</h2>
        {options.map((option) => (
          <Form.Check
            key={option.key}
            type="checkbox"
            id={`inv-option-${option.key}`}
            value={option.key}
            label={option.name}
            {...register('payment_options')}
            data-testid={`inv-option-${option.key}`}
          />
        ))}
        {errors.payment_options && <div className="invalid-feedback d-block">{errors.payment_options.message}</div>}
      </Card.Body>
    </Card>
  );
}

/** Why the form cannot be changed, when it cannot. */
export function InvoiceNotices({
  invoice,
  isOpen,
  mayChange,
}: {
  invoice: { status: string } | null;
  isOpen: boolean;
  mayChange: boolean;
}) {
  if (!isOpen && invoice)
    return (
      <Alert variant="secondary" data-testid="invoice-closed">
        This invoice is {invoice.status === 'paid' ? 'paid' : 'void'} and can no longer be changed. Copy it from the
        list to bill again.
      </Alert>
    );
  if (isOpen && !mayChange)
    return <Alert variant="secondary">You can view this invoice, but your access does not let you change it.</Alert>;
  return null;
}

/** Back to the list; save (the form's submit) and save-and-send while the invoice may change. */
export function InvoiceActions({
  readOnly,
  isDraft,
  pending,
  onSend,
}: {
  readOnly: boolean;
  isDraft: boolean;
  pending: boolean;
  onSend: () => void;
}) {
  return (
    <div className="invoice-actions">
      <Link to={PATHS.invoices} className="btn btn-outline-secondary">
        Back to invoices
      </Link>
      {!readOnly && (
        <>
          <PendingButton
            type="submit"
            variant="outline-primary"
            pending={pending}
            label={isDraft ? 'Save as draft' : 'Save changes'}
            pendingLabel="Saving…"
            testId="inv-save-draft"
          />
          <PendingButton
            type="button"
            variant="primary"
            onClick={onSend}
            pending={pending}
            label={isDraft ? 'Save and send' : 'Save and resend'}
            pendingLabel="Sending…"
            testId="inv-save-send"
          />
        </>
      )}
    </div>
  );
}
