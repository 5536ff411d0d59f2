// The merchant form's choices: country (which suggests the currency), default currency, industry,
// and on registration the optional master merchant, picked by name from the server.
import { currencyForCountry } from '@kassa/contract/currencies';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import { type PickedEntity, RemotePicker } from '../../../components/data-list/remote-picker.tsx';
import { SelectField } from '../../../components/form/text-field.tsx';
import { COUNTRY_OPTIONS, CodeOptions, CURRENCY_OPTIONS } from '../../../components/region-options.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { SUPER_MERCHANTS_PATH, useIndustryTypeOptions } from '../api/merchants-api.ts';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';

export function MerchantSelects({
  form,
  mode,
}: {
  form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues>;
  mode: 'register' | 'edit';
}) {
  const { t } = usePortalI18n();
  const industries = useIndustryTypeOptions();
  const [master, setMaster] = useState<PickedEntity | null>(null);
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  return (
    <>
      <Col md={6}>
        <SelectField
          id="merchant-country"
          label={t('merchants.field.country')}
          error={errors.country?.message}
          {...register('country', {
            // A new country suggests its currency; the admin may still pick another.
            onChange: (event) => setValue('default_currency', currencyForCountry(event.target.value)),
          })}
        >
          <CodeOptions options={COUNTRY_OPTIONS} />
        </SelectField>
      </Col>
      <Col md={6}>
        <SelectField
          id="merchant-currency"
          label={t('merchants.field.currency')}
          error={errors.default_currency?.message}
          {...register('default_currency')}
        >
          <CodeOptions options={CURRENCY_OPTIONS} />
        </SelectField>
      </Col>
      <Col md={6}>
        <SelectField
          id="merchant-industry"
          label={t('merchants.field.industry')}
          error={errors.industry_type_id?.message}
          {...register('industry_type_id')}
        >
          <option value="">{industries.isLoading ? t('components.loading') : t('merchants.field.industryPick')}</option>
          <CodeOptions options={(industries.data?.results ?? []).map(({ id, name }) => ({ code: id, name }))} />
        </SelectField>
      </Col>
      {mode === 'register' && (
        <Col md={6}>
          <Form.Group>
            <Form.Label htmlFor="merchant-master">{t('merchants.field.masterOptional')}</Form.Label>
            <RemotePicker
              endpoint={SUPER_MERCHANTS_PATH}
              value={master}
              onChange={(picked) => {
                setMaster(picked);
                setValue('master_merchant_id', picked?.id ?? null);
              }}
              placeholder={t('merchants.field.masterPlaceholder')}
              label={t('merchants.filter.master')}
              testId="merchant-master"
            />
            {errors.master_merchant_id && (
              <div className="invalid-feedback d-block">{errors.master_merchant_id.message}</div>
            )}
          </Form.Group>
        </Col>
      )}
    </>
  );
}
