// The merchant's phone and website. The phone is checked as it is typed against the chosen country:
// the hint shows the number as the server will store it (E.164, docs/product-rules.md#validation),
// or why it will not. An empty website is sent as null, not as an empty address.
import { checkPhone } from '@kassa/contract/phone';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';

export function MerchantContactFields({
  form,
}: {
  form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues>;
}) {
  const { t } = usePortalI18n();
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const [phone, country] = watch(['phone', 'country']);
  const phoneCheck = phone.trim() && country ? checkPhone(phone, country) : null;
  return (
    <>
      <Col md={6}>
        <TextField
          id="merchant-phone"
          label={t('merchants.field.phone')}
          type="tel"
          placeholder={t('merchants.field.phonePlaceholder')}
          error={errors.phone?.message}
          isValid={Boolean(phoneCheck?.ok)}
          hint={
            !errors.phone &&
            phoneCheck && (
              <Form.Text className={phoneCheck.ok ? 'text-success' : 'text-danger'} data-testid="phone-hint">
                {phoneCheck.ok
                  ? t('merchants.field.phoneSavedAs', { phone: phoneCheck.international })
                  : phoneCheck.message}
              </Form.Text>
            )
          }
          {...register('phone')}
        />
      </Col>
      <Col md={6}>
        <TextField
          id="merchant-website"
          label={t('merchants.field.websiteOptional')}
          type="url"
          placeholder={t('merchants.field.websitePlaceholder')}
          error={errors.website?.message}
          {...register('website', { setValueAs: (v: string | null) => (v ? v.trim() || null : null) })}
        />
      </Col>
    </>
  );
}
