// The merchant's phone and website. The phone is checked as it is typed against the chosen country:
// the hint shows the number as the server will store it (E.164, docs/product-rules.md#validation),
// or why it will not. An empty website is sent as null, not as an empty address.
import { checkPhone } from '@kassa/contract/phone';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';

export function MerchantContactFields({
  form,
}: {
  form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues>;
}) {
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
    </>
  );
}
