// The invoice editor's pricing cards: discount, shipping and tax with the totals they give, and the
// payment options the customer may use.
import type { InvoiceTotals } from '@kassa/contract/money';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { type FormParts, InvoiceCard } from './invoice-form-sections.tsx';
import { InvoiceTotalsPanel } from './invoice-totals-panel.tsx';

const ADJUSTMENTS = [
  ['discount', 'invoices.totals.discount'],
  ['shipping', 'invoices.totals.shipping'],
  ['tax', 'invoices.totals.tax'],
] as const;

/** Discount, shipping and tax, each a percentage or an amount in the invoice's currency, and the totals they give. */
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
  /** Null for one chosen as an amount. */
  percentages: { discount: string | null; shipping: string | null; tax: string | null };
  /** The totals are the server's, as saved, not the live ones. */
  isSaved: boolean;
}) {
  const { t } = usePortalI18n();
  return (
    <InvoiceCard title={t('invoices.adjustments.title')}>
      {ADJUSTMENTS.map(([name, labelKey]) => {
        const label = t(labelKey);
        const isAmount = percentages[name] === null;
        const field = isAmount ? (`${name}_amount` as const) : (`${name}_percentage` as const);
        const error = errors[field] ?? errors[`${name}_type`];
        return (
          <Form.Group as={Row} className="mb-2 align-items-center" controlId={`inv-${field}`} key={name}>
            <Form.Label column xs={4} className="py-0">
              {label}
            </Form.Label>
            <Col xs={8}>
              <InputGroup hasValidation>
                <Form.Control
                  inputMode="decimal"
                  {...register(field)}
                  placeholder={isAmount ? '0.00' : '0'}
                  isInvalid={Boolean(error)}
                  data-testid={isAmount ? `inv-${name}-amount` : `inv-${name}`}
                />
                <Form.Select
                  {...register(`${name}_type`)}
                  aria-label={t('invoices.adjustments.kind', { label })}
                  className="invoice-adjustment-type"
                  data-testid={`inv-${name}-type`}
                >
                  <option value="percentage">%</option>
                  <option value="amount">{currency}</option>
                </Form.Select>
                <Form.Control.Feedback type="invalid" data-testid={`inv-${field}-error`}>
                  {error?.message}
                </Form.Control.Feedback>
              </InputGroup>
            </Col>
          </Form.Group>
        );
      })}
      <hr />
      <InvoiceTotalsPanel
        totals={totals}
        currency={currency}
        percentages={percentages}
        caption={isSaved ? t('invoices.adjustments.saved') : t('invoices.adjustments.live')}
      />
    </InvoiceCard>
  );
}

export function PaymentOptionsCard({
  register,
  errors,
  options,
}: FormParts & { options: { key: string; name: string }[] }) {
  const { t } = usePortalI18n();
  return (
    <Card className="invoice-card mb-4">
      <Card.Body>
        <h2 className="h6 mb-2">{t('invoices.paymentOptions.title')}</h2>
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
