import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField } from '../../../components/form/text-field.tsx';
import { CodeOptions, countryOptions } from '../../../components/region-options.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
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
  const { t, locale } = usePortalI18n();
  const field = (name: keyof ProfileForm & string, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group controlId={`setup-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...register(name)} isInvalid={Boolean(errors[name])} data-testid={`setup-${name}`} {...props} />
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Row className="g-3">
      <Col md={6}>{field('name', t('setup.field.name'))}</Col>
      <Col md={6}>{field('email', t('components.person.email'), { type: 'email' })}</Col>
      <Col md={6}>
        {field('phone', t('setup.field.phone'), { type: 'tel', placeholder: t('setup.field.phonePlaceholder') })}
      </Col>
      <Col md={6}>{field('website', t('setup.field.website'), { type: 'url', placeholder: 'https://' })}</Col>
      <Col xs={12}>{field('address', t('setup.field.address'))}</Col>
      <Col md={4}>{field('city', t('setup.field.city'))}</Col>
      <Col md={4}>{field('state', t('setup.field.state'))}</Col>
      <Col md={4}>{field('zip_code', t('setup.field.zip'))}</Col>
      <Col md={6}>
        <SelectField
          id="setup-country"
          label={t('setup.field.country')}
          error={errors.country?.message}
          {...register('country')}
        >
          <CodeOptions options={countryOptions(locale)} />
        </SelectField>
      </Col>
      <Col md={6}>
        <Form.Group controlId="setup-currency">
          <Form.Label>{t('setup.field.currency')}</Form.Label>
          <Form.Control plaintext readOnly value={currency} />
        </Form.Group>
      </Col>
    </Row>
  );
}
