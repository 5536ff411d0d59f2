// Create or edit a financing partner. The shared secret is write-only: on edit the stored one is
// shown masked and kept unless a new one is typed (updateFinancialConnectionBody). Errors show the
// server's message, else "An error occurred" (docs/product-rules.md#error-messages).

import {
  createFinancialConnectionBody,
  FINANCIAL_CONNECTION_ERROR_FALLBACK,
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
    savedMessage: 'Financial connection saved.',
    failedMessage: FINANCIAL_CONNECTION_ERROR_FALLBACK,
    onSaved,
  });

  return (
    <TitledFormModal
      titleId="fc-title"
      title={editing ? `Edit ${editing.name}` : 'New financial connection'}
      size="lg"
      onHide={onHide}
      onSubmit={onSubmit}
      formTestId="fc-form"
      pending={isSubmitting}
      submitLabel={editing ? 'Save changes' : 'Create connection'}
      pendingLabel="Saving…"
      submitTestId="fc-submit"
    >
      <div className="row g-3">
        <TextField
          id="fc-name"
          label="Partner name"
          groupClassName="col-md-6"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="fc-logo"
          label="Logo URL (optional)"
          groupClassName="col-md-6"
          error={errors.logo?.message}
          placeholder="https://partner.example/logo.png"
          {...register('logo')}
        />
        <TextField
          id="fc-description"
          label="Description (optional)"
          groupClassName="col-12"
          error={errors.description?.message}
          as="textarea"
          rows={2}
          placeholder="What the partner offers merchants"
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
            label="Active: merchants of these industries see the partner"
            data-testid="fc-active"
            {...register('is_active')}
          />
        </div>
      </div>
    </TitledFormModal>
  );
}
