import type { Translate } from '@kassa/contract/i18n/translate';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { type Path, useForm } from 'react-hook-form';
import { TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
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

const nameColumns = (t: Translate): MerchantTextColumn[] => [
  { name: 'name', label: t('merchants.field.businessName'), width: { md: 6 } },
  { name: 'email', label: t('merchants.field.businessEmail'), type: 'email', width: { md: 6 } },
];

const addressColumns = (t: Translate): MerchantTextColumn[] => [
  { name: 'address', label: t('merchants.field.address'), autoComplete: 'street-address', width: { xs: 12 } },
  { name: 'city', label: t('merchants.field.city'), width: { md: 4 } },
  { name: 'state', label: t('merchants.field.state'), width: { md: 4 } },
  { name: 'zip_code', label: t('merchants.field.zipCode'), width: { md: 4 } },
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
  const { t } = usePortalI18n();
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
      toastApiError(error, mode === 'register' ? t('merchants.form.registerFailed') : t('merchants.form.saveFailed'));
    }
  });

  return (
    <TitledFormModal
      show={show}
      backdrop="static"
      size="lg"
      titleId="merchant-form-title"
      title={mode === 'register' ? t('merchants.register') : t('merchants.form.editTitle')}
      onHide={onHide}
      onSubmit={submit}
      formTestId="merchant-form"
      pending={isSubmitting}
      submitLabel={mode === 'register' ? t('merchants.register') : t('components.saveChanges')}
      submitTestId="merchant-form-submit"
    >
      <h3 className="h6 text-body-secondary mb-3">{t('merchants.profile.title')}</h3>
      <Row className="g-3">
        <MerchantTextColumns form={form} columns={nameColumns(t)} />
        <MerchantContactFields form={form} />
        <MerchantTextColumns form={form} columns={addressColumns(t)} />
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
