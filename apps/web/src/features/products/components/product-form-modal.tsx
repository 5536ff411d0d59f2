// Create or edit a product in a modal over the list.

import { MESSAGE_TYPE, type Product } from '@kassa/contract/products';
import Form from 'react-bootstrap/Form';
import { Controller } from 'react-hook-form';
import { ActiveSwitch } from '../../../components/form/active-switch.tsx';
import { CheckoutItemFields } from '../../../components/form/checkout-item-fields.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { InlineRadios } from '../../../components/form/inline-radios.tsx';
import { RichTextField } from '../../../components/form/rich-text-field.tsx';
import { type ItemFormModalProps, useItemFormModal } from '../../../components/form/use-item-form-modal.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { ProductPricesCard, RecurringPriceField } from '../../subscriptions/index.ts';
import { createProduct, updateProduct } from '../api/products-api.ts';
import { emptyProductForm, PRODUCT_FIELDS, productForm, productToForm } from './product-form.ts';
import { ProductImageField } from './product-image-field.tsx';

export function ProductFormModal(props: ItemFormModalProps<Product>) {
  const { t } = usePortalI18n();
  /** What the buyer gets after paying, as the form's message_type values (product-form.ts). */
  const afterPayment = [
    ['1', t('products.form.showMessage')],
    ['2', t('products.form.redirect')],
  ] as const;
  const {
    register,
    control,
    watch,
    modal,
    formState: { errors },
  } = useItemFormModal({
    ...props,
    form: {
      resolver: zodResolver(productForm),
      fields: PRODUCT_FIELDS,
      empty: emptyProductForm,
      fromItem: productToForm,
    },
    api: { create: createProduct, update: updateProduct },
    noun: 'product',
  });

  const isRedirect = watch('message_type') === String(MESSAGE_TYPE.REDIRECT);

  return (
    <FormModal
      {...modal}
      title={props.item ? t('products.form.editTitle') : t('products.form.newTitle')}
      submitLabel={props.item ? t('products.form.save') : t('products.form.create')}
      size="lg"
      testId="product-form-modal"
      submitTestId="product-submit"
    >
      <CheckoutItemFields
        idPrefix="product"
        labels={{ name: t('products.form.name'), amount: t('products.column.price') }}
        fields={{
          name: register('name'),
          description: register('description'),
          amount: register('price_per_unit'),
          currency: register('currency'),
        }}
        errors={{ ...errors, amount: errors.price_per_unit }}
        widths={[7, 5]}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ProductImageField value={field.value} onChange={field.onChange} serverError={errors.image?.message} />
        )}
      />
      <Form.Group className="mb-3">
        <Form.Label as="div">{t('products.form.afterPayment')}</Form.Label>
        <div>
          <InlineRadios
            options={afterPayment}
            idPrefix="message-type"
            testIdPrefix="product-message-type"
            inputProps={(value) => ({ value, ...register('message_type') })}
          />
        </div>
      </Form.Group>
      <Form.Group className="mb-3" controlId="product-message">
        <Form.Label>{isRedirect ? t('products.form.redirectUrl') : t('products.form.message')}</Form.Label>
        {isRedirect ? (
          <Form.Control
            type="url"
            placeholder={t('products.form.redirectPlaceholder')}
            {...register('message')}
            isInvalid={Boolean(errors.message)}
            data-testid="product-message"
          />
        ) : (
          <Form.Control
            as="textarea"
            rows={2}
            placeholder={t('products.form.messagePlaceholder')}
            {...register('message')}
            isInvalid={Boolean(errors.message)}
            data-testid="product-message"
          />
        )}
        <Form.Control.Feedback type="invalid">{errors.message?.message}</Form.Control.Feedback>
      </Form.Group>
      <RichTextField
        control={control}
        name="comment"
        id="product-comment"
        label={t('products.form.comment')}
        groupClassName="mb-3"
        error={errors.comment?.message}
      />
      <ActiveSwitch id="product-active" label={t('products.form.active')} registration={register('is_active')} />
      {props.item && <ProductPricesCard productId={props.item.id} currency={props.item.currency} />}
      <RecurringPriceField
        control={control}
        name="recurring_price_id"
        productId={props.item?.id ?? null}
        error={errors.recurring_price_id?.message}
      />
    </FormModal>
  );
}
