// Create or edit a customer in a modal, over the list or the customer's page. A new customer is made
// in the mode the header's Test mode switch shows (lib/payment-mode.ts).

import type { Customer } from '@kassa/contract/customers';
import { LOCALE_NAMES, LOCALES } from '@kassa/contract/i18n/locales';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { SelectField, TextField } from '../../../components/form/text-field.tsx';
import { type ItemFormModalProps, useItemFormModal } from '../../../components/form/use-item-form-modal.ts';
import { COUNTRY_OPTIONS } from '../../../components/region-options.tsx';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { TestClockSelect } from '../../subscriptions/index.ts';
import { createCustomer, updateCustomer } from '../api/customers-api.ts';
import {
  CUSTOMER_FIELDS,
  type CustomerFormOutput,
  customerForm,
  customerToForm,
  emptyCustomerForm,
} from './customer-form.ts';

export function CustomerFormModal(props: ItemFormModalProps<Customer>) {
  const { t } = usePortalI18n();
  const mode = usePaymentMode();
  const [clockId, setClockId] = useState('');
  const {
    register,
    modal,
    formState: { errors },
  } = useItemFormModal({
    ...props,
    form: {
      resolver: zodResolver(customerForm),
      fields: CUSTOMER_FIELDS,
      empty: emptyCustomerForm,
      fromItem: customerToForm,
    },
    api: {
      create: (values: CustomerFormOutput) =>
        createCustomer({ ...values, mode, ...(mode === 'test' && clockId ? { test_clock_id: clockId } : {}) }),
      update: (id: string, values: CustomerFormOutput) => updateCustomer(id, values),
    },
    noun: 'customer',
  });
  const address = errors.billing_address;

  return (
    <FormModal {...modal} size="lg" testId="customer-form-modal" submitTestId="customer-submit">
      {mode === 'test' && !props.item && <TestClockSelect value={clockId} onChange={setClockId} />}
      <Row>
        <Col md={7}>
          <TextField
            id="customer-name"
            label={t('customers.form.name')}
            groupClassName="mb-3"
            error={errors.name?.message}
            {...register('name')}
          />
        </Col>
        <Col md={5}>
          <TextField
            id="customer-reference"
            label={t('customers.detail.reference')}
            groupClassName="mb-3"
            error={errors.reference?.message}
            {...register('reference')}
          />
        </Col>
      </Row>
      <Row>
        <Col md={7}>
          <TextField
            id="customer-email"
            label={t('customers.list.email')}
            type="email"
            groupClassName="mb-3"
            error={errors.email?.message}
            {...register('email')}
          />
        </Col>
        <Col md={5}>
          <TextField
            id="customer-phone"
            label={t('customers.list.phone')}
            type="tel"
            groupClassName="mb-3"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </Col>
      </Row>
      <Row>
        <Col md={7}>
          <SelectField
            id="customer-locale"
            label={t('customerLanguage.label')}
            groupClassName="mb-3"
            error={errors.locale?.message}
            {...register('locale')}
          >
            <option value="">{t('customerLanguage.default')}</option>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </SelectField>
        </Col>
      </Row>
      <fieldset>
        <legend className="fs-6 fw-semibold">{t('customers.detail.address')}</legend>
        <TextField
          id="customer-line1"
          label={t('customers.form.line1')}
          groupClassName="mb-3"
          error={address?.line1?.message}
          {...register('billing_address.line1')}
        />
        <TextField
          id="customer-line2"
          label={t('customers.form.line2')}
          groupClassName="mb-3"
          error={address?.line2?.message}
          {...register('billing_address.line2')}
        />
        <Row>
          <Col md={5}>
            <TextField
              id="customer-city"
              label={t('customers.form.city')}
              groupClassName="mb-3"
              error={address?.city?.message}
              {...register('billing_address.city')}
            />
          </Col>
          <Col md={4}>
            <TextField
              id="customer-state"
              label={t('customers.form.state')}
              groupClassName="mb-3"
              error={address?.state?.message}
              {...register('billing_address.state')}
            />
          </Col>
          <Col md={3}>
            <TextField
              id="customer-postal-code"
              label={t('customers.form.postalCode')}
              groupClassName="mb-3"
              error={address?.postal_code?.message}
              {...register('billing_address.postal_code')}
            />
          </Col>
        </Row>
        <SelectField
          id="customer-country"
          label={t('customers.form.country')}
          groupClassName="mb-3"
          error={address?.country?.message}
          {...register('billing_address.country')}
        >
          <option value="">—</option>
          {COUNTRY_OPTIONS.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </FormModal>
  );
}
