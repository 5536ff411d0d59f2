// The invoice editor's cards (docs/product-rules.md#routes /add-edit-invoice): customer and invoice
// details; the adjustments and payment options are in invoice-pricing-cards.tsx, the notices and
// buttons around the form in invoice-form-actions.tsx. Each gets the editor's form.
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { SelectField, TextField } from '../../../components/form/text-field.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { InvoiceFormValues } from './invoice-form.ts';

export interface FormParts {
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

const CUSTOMER_FIELDS = [
  { name: 'customer_first_name', id: 'inv-first-name', label: 'invoices.customer.firstName' },
  { name: 'customer_last_name', id: 'inv-last-name', label: 'invoices.customer.lastName' },
  { name: 'customer_email', id: 'inv-email', label: 'invoices.customer.email', type: 'email' },
  { name: 'business_name', id: 'inv-business', label: 'invoices.customer.business' },
] as const satisfies readonly { name: keyof InvoiceFormValues; id: string; label: string; type?: string }[];

export function CustomerFields({ register, errors, picker }: FormParts & { picker?: ReactNode }) {
  const { t } = usePortalI18n();
  return (
    <InvoiceCard title={t('invoices.customer.title')}>
      {picker}
      <Row className="g-3">
        {CUSTOMER_FIELDS.map((field) => (
          <Col sm={6} key={field.name}>
            <TextField
              id={field.id}
              label={t(field.label)}
              error={errors[field.name]?.message}
              type={'type' in field ? field.type : undefined}
              {...register(field.name)}
            />
          </Col>
        ))}
      </Row>
    </InvoiceCard>
  );
}

export function InvoiceDetailsFields({ register, errors }: FormParts) {
  const { t } = usePortalI18n();
  return (
    <InvoiceCard title={t('invoices.details.title')}>
      <Row className="g-3">
        <Col sm={4}>
          <TextField
            id="inv-number"
            label={t('invoices.details.number')}
            error={errors.invoice_number?.message}
            errorTestId="inv-number-error"
            {...register('invoice_number')}
          />
        </Col>
        <Col sm={4}>
          <TextField
            id="inv-due-date"
            label={t('invoices.details.dueDate')}
            error={errors.due_date?.message}
            type="date"
            {...register('due_date')}
          />
        </Col>
        <Col sm={4}>
          <SelectField
            id="inv-currency"
            label={t('invoices.details.currency')}
            error={errors.currency?.message}
            {...register('currency')}
          >
            <CurrencyOptions />
          </SelectField>
        </Col>
        <Col xs={12}>
          <TextField
            id="inv-description"
            label={t('invoices.details.description')}
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
