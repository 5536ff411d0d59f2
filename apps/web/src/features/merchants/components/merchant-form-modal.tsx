import { checkPhone } from '@kassa/contract/phone';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { type Path, useForm } from 'react-hook-form';
import { ModalFormFooter } from '../../../components/form/modal-form-footer.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
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

export const EMPTY_MERCHANT_FORM: MerchantFormInput = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  country: 'US',
  default_currency: 'USD',
  website: null,
  industry_type_id: '',
  logo: null,
  master_merchant_id: null,
  owner: { first_name: '', last_name: '', email: '' },
};

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

  const field = (name: Path<MerchantFormInput>, label: string, opts: { type?: string; autoComplete?: string } = {}) => {
    const error = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], errors) as
      | { message?: string }
      | undefined;
    const testId = `merchant-${name.replace('.', '-').replaceAll('_', '-')}`;
    return (
      <TextField
        id={testId}
        label={label}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete ?? 'off'}
        error={error?.message}
        {...register(name)}
      />
    );
  };

  return (
    <Modal
      contentClassName="bg-white"
      show={show}
      onHide={onHide}
      size="lg"
      backdrop="static"
      aria-labelledby="merchant-form-title"
    >
      <Form noValidate onSubmit={submit} data-testid="merchant-form">
        <Modal.Header closeButton>
          <Modal.Title id="merchant-form-title">
            {mode === 'register' ? 'Register merchant' : 'Edit business profile'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <h3 className="h6 text-body-secondary mb-3">Business profile</h3>
          <Row className="g-3">
            <Col md={6}>{field('name', 'Business name')}</Col>
            <Col md={6}>{field('email', 'Business e-mail', { type: 'email' })}</Col>
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
            <Col xs={12}>{field('address', 'Address', { autoComplete: 'street-address' })}</Col>
            <Col md={4}>{field('city', 'City')}</Col>
            <Col md={4}>{field('state', 'State / region')}</Col>
            <Col md={4}>{field('zip_code', 'Zip code')}</Col>
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
                <Col md={4}>{field('owner.first_name', 'First name')}</Col>
                <Col md={4}>{field('owner.last_name', 'Last name')}</Col>
                <Col md={4}>{field('owner.email', 'E-mail', { type: 'email' })}</Col>
              </Row>
            </>
          )}
        </Modal.Body>
        <ModalFormFooter
          onCancel={onHide}
          pending={isSubmitting}
          label={mode === 'register' ? 'Register merchant' : 'Save changes'}
          testId="merchant-form-submit"
          lockCancel
        />
      </Form>
    </Modal>
  );
}
