import { checkPhone } from '@kassa/contract/phone';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Path, useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { toastApiError } from '../../../lib/toast.ts';
import { LogoInput } from './logo-input.tsx';
import {
  MERCHANT_FORM_FIELDS,
  type MerchantFormInput,
  type MerchantFormValues,
  merchantFormSchema,
} from './merchant-form-schema.ts';
import { MerchantSelects } from './merchant-form-selects.tsx';
import { MerchantTextField } from './merchant-text-field.tsx';

/**
 * Register (with the owner and an optional master merchant) or edit a merchant's business profile.
 * `onSubmit` throws the API's error envelope; its message is toasted and field errors are placed.
 */
export function MerchantFormModal({
  mode,
  show,
  defaultValues,
  onHide,
  onSubmit,
}: {
  mode: 'register' | 'edit';
  show: boolean;
  defaultValues: MerchantFormInput;
  onHide: () => void;
  onSubmit: (values: MerchantFormValues) => Promise<void>;
}) {
  const form = useForm<MerchantFormInput, unknown, MerchantFormValues>({
    resolver: zodResolver(merchantFormSchema),
    defaultValues,
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  const [phone, country, logo] = watch(['phone', 'country', 'logo']);
  const phoneCheck = phone.trim() && country ? checkPhone(phone, country) : null;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyFieldErrors(error, setError, MERCHANT_FORM_FIELDS as readonly Path<MerchantFormInput>[]);
      toastApiError(
        error,
        mode === 'register' ? 'The merchant could not be registered.' : 'The changes were not saved.',
      );
    }
  });

  return (
    <TitledFormModal
      show={show}
      backdrop="static"
      size="lg"
      titleId="merchant-form-title"
      title={mode === 'register' ? 'Register merchant' : 'Edit business profile'}
      onHide={onHide}
      onSubmit={submit}
      formTestId="merchant-form"
      pending={isSubmitting}
      submitLabel={mode === 'register' ? 'Register merchant' : 'Save changes'}
      submitTestId="merchant-form-submit"
    >
      <h3 className="h6 text-body-secondary mb-3">Business profile</h3>
      <Row className="g-3">
        <Col md={6}>
          <MerchantTextField form={form} name="name" label="Business name" />
        </Col>
        <Col md={6}>
          <MerchantTextField form={form} name="email" label="Business e-mail" type="email" />
        </Col>
        <Col md={6}>
          <TextField
            id="merchant-phone"
            label="Phone"
            type="tel"
            placeholder="+1 415 555 2671"
            error={errors.phone?.message}
            isValid={Boolean(phoneCheck?.ok)}
            hint={
              !errors.phone &&
              phoneCheck && (
                <Form.Text className={phoneCheck.ok ? 'text-success' : 'text-danger'} data-testid="phone-hint">
                  {phoneCheck.ok ? `Saved as ${phoneCheck.international}` : phoneCheck.message}
                </Form.Text>
              )
            }
            {...register('phone')}
          />
        </Col>
        <Col md={6}>
          <TextField
            id="merchant-website"
            label="Website (optional)"
            type="url"
            placeholder="https://…"
            error={errors.website?.message}
            {...register('website', { setValueAs: (v: string | null) => (v ? v.trim() || null : null) })}
          />
        </Col>
        <Col xs={12}>
          <MerchantTextField form={form} name="address" label="Address" autoComplete="street-address" />
        </Col>
        <Col md={4}>
          <MerchantTextField form={form} name="city" label="City" />
        </Col>
        <Col md={4}>
          <MerchantTextField form={form} name="state" label="State / region" />
        </Col>
        <Col md={4}>
          <MerchantTextField form={form} name="zip_code" label="Zip code" />
        </Col>
        <MerchantSelects form={form} mode={mode} />
        <Col xs={12}>
          <LogoInput
            value={logo}
            onChange={(value) => setValue('logo', value, { shouldValidate: true })}
            error={errors.logo?.message}
          />
        </Col>
      </Row>

      {mode === 'register' && (
        <>
          <h3 className="h6 text-body-secondary mt-4 mb-1">Owner</h3>
          <p className="small text-body-secondary">
            The owner receives an e-mail with a single-use link to choose a password.
          </p>
          <Row className="g-3">
            <Col md={4}>
              <MerchantTextField form={form} name="owner.first_name" label="First name" />
            </Col>
            <Col md={4}>
              <MerchantTextField form={form} name="owner.last_name" label="Last name" />
            </Col>
            <Col md={4}>
              <MerchantTextField form={form} name="owner.email" label="E-mail" type="email" />
            </Col>
          </Row>
        </>
      )}
    </TitledFormModal>
  );
}
