import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { type Path, useForm } from 'react-hook-form';
import { TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { toastApiError } from '../../../lib/toast.ts';
import { LogoInput } from './logo-input.tsx';
import { MerchantContactFields } from './merchant-contact-fields.tsx';
import {
  MERCHANT_FORM_FIELDS,
  type MerchantFormInput,
  type MerchantFormValues,
  merchantFormSchema,
} from './merchant-form-schema.ts';
import { MerchantSelects } from './merchant-form-selects.tsx';
import { MerchantOwnerFields } from './merchant-owner-fields.tsx';
import { type MerchantTextColumn, MerchantTextColumns } from './merchant-text-columns.tsx';

const NAME_COLUMNS: MerchantTextColumn[] = [
  { name: 'name', label: 'Business name', width: { md: 6 } },
  { name: 'email', label: 'Business e-mail', type: 'email', width: { md: 6 } },
];

const ADDRESS_COLUMNS: MerchantTextColumn[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address', width: { xs: 12 } },
  { name: 'city', label: 'City', width: { md: 4 } },
  { name: 'state', label: 'State / region', width: { md: 4 } },
  { name: 'zip_code', label: 'Zip code', width: { md: 4 } },
];

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
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  const logo = watch('logo');

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
        <MerchantTextColumns form={form} columns={NAME_COLUMNS} />
        <MerchantContactFields form={form} />
        <MerchantTextColumns form={form} columns={ADDRESS_COLUMNS} />
        <MerchantSelects form={form} mode={mode} />
        <Col xs={12}>
          <LogoInput
            value={logo}
            onChange={(value) => setValue('logo', value, { shouldValidate: true })}
            error={errors.logo?.message}
          />
        </Col>
      </Row>

      {mode === 'register' && <MerchantOwnerFields form={form} />}
    </TitledFormModal>
  );
}
