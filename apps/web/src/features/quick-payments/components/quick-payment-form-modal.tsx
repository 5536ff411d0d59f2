// Create or edit a quick payment in a modal over the list.

import type { QuickPayment } from '@kassa/contract/quick-payments';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ActiveSwitch } from '../../../components/form/active-switch.tsx';
import { AmountCurrencyFields } from '../../../components/form/amount-currency-fields.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { NameDescriptionFields } from '../../../components/form/name-description-fields.tsx';
import { RichTextField } from '../../../components/form/rich-text-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useItemFormModal } from '../../../components/form/use-item-form-modal.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { createQuickPayment, updateQuickPayment } from '../api/quick-payments-api.ts';
import {
  emptyQuickPaymentForm,
  QUICK_PAYMENT_FIELDS,
  quickPaymentForm,
  quickPaymentToForm,
} from './quick-payment-form.ts';

export function QuickPaymentFormModal({
  show,
  quickPayment,
  onClose,
  onSaved,
}: {
  show: boolean;
  quickPayment: QuickPayment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useItemFormModal({
    show,
    item: quickPayment,
    form: {
      resolver: zodResolver(quickPaymentForm),
      fields: QUICK_PAYMENT_FIELDS,
      empty: emptyQuickPaymentForm,
      fromItem: quickPaymentToForm,
    },
    api: { create: createQuickPayment, update: updateQuickPayment },
    saved: { created: 'Quick payment created.', updated: 'Quick payment updated.' },
    onSaved,
    onClose,
  });

  const title = quickPayment ? 'Edit quick payment' : 'New quick payment';
  return (
    <FormModal
      show={show}
      onHide={onClose}
      size="lg"
      title={title}
      testId="quick-payment-form-modal"
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitLabel={quickPayment ? 'Save changes' : 'Create quick payment'}
      submitTestId="qp-submit"
    >
      <NameDescriptionFields
        idPrefix="qp"
        nameLabel="Title"
        name={register('name')}
        description={register('description')}
        errors={errors}
      />
      <Row>
        <AmountCurrencyFields
          idPrefix="qp"
          amountId="qp-amount"
          amountLabel="Amount"
          amount={register('amount')}
          currency={register('currency')}
          errors={{ amount: errors.amount, currency: errors.currency }}
          widths={[5, 3]}
        />
        <Col sm={4}>
          <TextField
            id="qp-expires"
            label="Expires (optional)"
            groupClassName="mb-3"
            type="datetime-local"
            error={errors.expires_at?.message}
            {...register('expires_at')}
          />
        </Col>
      </Row>
      <RichTextField
        control={control}
        name="comment"
        id="qp-comment"
        label="Comment on the checkout page"
        groupClassName="mb-3"
        error={errors.comment?.message}
      />
      <ActiveSwitch id="qp-active" label="Active (the link takes payments)" registration={register('is_active')} />
    </FormModal>
  );
}
