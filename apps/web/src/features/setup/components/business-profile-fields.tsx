import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField } from '../../../components/form/text-field.tsx';
import { COUNTRY_OPTIONS, CodeOptions } from '../../../components/region-options.tsx';
import type { ProfileForm } from './profile-form.ts';

/** The business profile's fields; the default currency is shown, not changed, here. */
export function BusinessProfileFields({
  register,
  errors,
  currency,
}: {
  register: UseFormRegister<ProfileForm>;
  errors: FieldErrors<ProfileForm>;
  currency: string;
}) {
  const field = (name: keyof ProfileForm & string, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group controlId={`setup-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...register(name)} isInvalid={Boolean(errors[name])} data-testid={`setup-${name}`} {...props} />
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Row className="g-3">
      <Col md={6}>{field('name', 'Business name')}</Col>
      <Col md={6}>{field('email', 'E-mail', { type: 'email' })}</Col>
      <Col md={6}>{field('phone', 'Phone', { type: 'tel', placeholder: '+1 415 555 0123' })}</Col>
      <Col md={6}>{field('website', 'Website', { type: 'url', placeholder: 'https://' })}</Col>
      <Col xs={12}>{field('address', 'Address')}</Col>
      <Col md={4}>{field('city', 'City')}</Col>
      <Col md={4}>{field('state', 'State / region')}</Col>
      <Col md={4}>{field('zip_code', 'ZIP / postal code')}</Col>
      <Col md={6}>
        <SelectField id="setup-country" label="Country" error={errors.country?.message} {...register('country')}>
          <CodeOptions options={COUNTRY_OPTIONS} />
        </SelectField>
      </Col>
      <Col md={6}>
        <Form.Group controlId="setup-currency">
          <Form.Label>Default currency</Form.Label>
          <Form.Control plaintext readOnly value={currency} />
        </Form.Group>
      </Col>
    </Row>
  );
}
