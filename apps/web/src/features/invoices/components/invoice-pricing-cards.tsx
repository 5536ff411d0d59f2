// The invoice editor's pricing cards: discount, shipping and tax with the totals they give, and the
// payment options the customer may use.
import type { InvoiceTotals } from '@kassa/contract/money';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FormParts, InvoiceCard } from './invoice-form-sections.tsx';
import { InvoiceTotalsPanel } from './invoice-totals-panel.tsx';

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
