// Create or edit a quick payment in a modal over the list.

import type { QuickPayment } from '@kassa/contract/quick-payments';
import Col from 'react-bootstrap/Col';
import { ActiveSwitch } from '../../../components/form/active-switch.tsx';
import { CheckoutItemFields } from '../../../components/form/checkout-item-fields.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { RichTextField } from '../../../components/form/rich-text-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { type ItemFormModalProps, useItemFormModal } from '../../../components/form/use-item-form-modal.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { RecurringPriceField } from '../../subscriptions/index.ts';
import { createQuickPayment, updateQuickPayment } from '../api/quick-payments-api.ts';
import {
  emptyQuickPaymentForm,
  QUICK_PAYMENT_FIELDS,
  quickPaymentForm,
  quickPaymentToForm,
} from './quick-payment-form.ts';

export function QuickPaymentFormModal(props: ItemFormModalProps<QuickPayment>) {
  const { t } = usePortalI18n();
  const {
    register,
    control,
    modal,
    formState: { errors },
  } = useItemFormModal({
    ...props,
    form: {
      resolver: zodResolver(quickPaymentForm),
      fields: QUICK_PAYMENT_FIELDS,
      empty: emptyQuickPaymentForm,
      fromItem: quickPaymentToForm,
    },
    api: { create: createQuickPayment, update: updateQuickPayment },
    noun: 'quick payment',
  });

  return (
    <FormModal
      {...modal}
      title={props.item ? t('quickPayments.form.editTitle') : t('quickPayments.form.newTitle')}
      submitLabel={props.item ? t('quickPayments.form.save') : t('quickPayments.form.create')}
      size="lg"
      testId="quick-payment-form-modal"
      submitTestId="qp-submit"
    >
      <CheckoutItemFields
        idPrefix="qp"
        labels={{ name: t('quickPayments.column.title'), amount: t('quickPayments.column.amount') }}
        fields={{
          name: register('name'),
          description: register('description'),
          amount: register('amount'),
          currency: register('currency'),
        }}
        errors={errors}
        widths={[5, 3]}
      >
        <Col sm={4}>
          <TextField
            id="qp-expires"
            label={t('quickPayments.form.expires')}
            groupClassName="mb-3"
            type="datetime-local"
            error={errors.expires_at?.message}
            {...register('expires_at')}
          />
        </Col>
      </CheckoutItemFields>
      <RichTextField
        control={control}
        name="comment"
        id="qp-comment"
        label={t('quickPayments.form.comment')}
        groupClassName="mb-3"
        error={errors.comment?.message}
      />
      <RecurringPriceField control={control} name="recurring_price_id" error={errors.recurring_price_id?.message} />
      <ActiveSwitch id="qp-active" label={t('quickPayments.form.active')} registration={register('is_active')} />
    </FormModal>
  );
}
