// Create or edit a financing partner. The shared secret is write-only: on edit the stored one is
// shown masked and kept unless a new one is typed (updateFinancialConnectionBody). Errors show the
// server's message, else "An error occurred" (docs/product-rules.md#error-messages).

import {
  createFinancialConnectionBody,
  type FinancialConnectionView,
  updateFinancialConnectionBody,
} from '@kassa/contract/financing';
import type { IndustryType } from '@kassa/contract/industry-types';
import Form from 'react-bootstrap/Form';
import { Controller, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { type EditorModalProps, TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { useSaveForm } from '../../../components/form/use-save-form.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createFinancialConnection, updateFinancialConnection } from '../api/financial-connections-api.ts';
import {
  FINANCIAL_CONNECTION_FORM_FIELDS,
  type FinancialConnectionFormValues,
  financialConnectionToForm,
} from './financial-connection-form.ts';
import { FinancialConnectionSsoFields } from './financial-connection-sso-fields.tsx';
import { IndustryChecklist } from './industry-checklist.tsx';

type FormOutput = z.output<typeof updateFinancialConnectionBody>;

export function FinancialConnectionModal({
  editing,
  industries,
  onHide,
  onSaved,
}: EditorModalProps<FinancialConnectionView> & { industries: readonly IndustryType[] }) {
  const { t } = usePortalI18n();
  const schema = editing ? updateFinancialConnectionBody : createFinancialConnectionBody;
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSaveForm<FinancialConnectionFormValues, FormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<FinancialConnectionFormValues, unknown, FormOutput>,
    defaultValues: financialConnectionToForm(editing),
    fields: FINANCIAL_CONNECTION_FORM_FIELDS,
    save: (values) =>
      editing
        ? updateFinancialConnection(editing.id, values)
        : createFinancialConnection({ ...values, shared_secret: values.shared_secret ?? '' }),
    savedMessage: t('financialConnections.form.saved'),
    failedMessage: t('financialConnections.errorFallback'),
    onSaved,
  });

  return (
    <TitledFormModal
      titleId="fc-title"
      title={
        editing
          ? t('financialConnections.form.editTitle', { name: editing.name })
          : t('financialConnections.form.newTitle')
      }
      size="lg"
      onHide={onHide}
      onSubmit={onSubmit}
      formTestId="fc-form"
      pending={isSubmitting}
      submitLabel={editing ? t('financialConnections.form.save') : t('financialConnections.form.create')}
      pendingLabel={t('financialConnections.form.saving')}
      submitTestId="fc-submit"
    >
      <div className="row g-3">
        <TextField
          id="fc-name"
          label={t('financialConnections.form.name')}
          groupClassName="col-md-6"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="fc-logo"
          label={t('financialConnections.form.logo')}
          groupClassName="col-md-6"
          error={errors.logo?.message}
          placeholder={t('financialConnections.form.logoPlaceholder')}
          {...register('logo')}
        />
        <TextField
          id="fc-description"
          label={t('financialConnections.form.description')}
          groupClassName="col-12"
          error={errors.description?.message}
          as="textarea"
          rows={2}
          placeholder={t('financialConnections.form.descriptionPlaceholder')}
          {...register('description')}
        />
        <FinancialConnectionSsoFields editing={editing} register={register} errors={errors} />
        <div className="col-12">
          <Controller
            control={control}
            name="industry_type_ids"
            render={({ field }) => (
              <IndustryChecklist
                options={industries}
                value={field.value}
                onChange={field.onChange}
                isInvalid={Boolean(errors.industry_type_ids)}
                error={errors.industry_type_ids?.message}
              />
            )}
          />
        </div>
        <div className="col-12">
          <Form.Check
            type="switch"
            id="fc-active"
            label={t('financialConnections.form.active')}
            data-testid="fc-active"
            {...register('is_active')}
          />
        </div>
      </div>
    </TitledFormModal>
  );
}
