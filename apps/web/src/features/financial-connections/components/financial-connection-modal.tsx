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
import { IndustryChecklist } from './industry-checklist.tsx';

interface FormValues {
  name: string;
  description: string;
  logo: string;
  sso_url: string;
  shared_secret: string;
  industry_type_ids: string[];
  is_active: boolean;
}
type FormOutput = z.output<typeof updateFinancialConnectionBody>;

const FIELDS = [
  'name',
  'description',
  'logo',
  'sso_url',
  'shared_secret',
  'industry_type_ids',
  'is_active',
] as const satisfies readonly (keyof FormValues)[];

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
  } = useSaveForm<FormValues, FormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: {
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      logo: editing?.logo ?? '',
      sso_url: editing?.sso_url ?? '',
      shared_secret: '',
      industry_type_ids: editing?.industry_type_ids ?? [],
      is_active: editing?.is_active ?? true,
    },
    fields: FIELDS,
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
        <Form.Group className="col-md-6" controlId="fc-sso-url">
          <Form.Label>SSO URL</Form.Label>
          <Form.Control
            type="url"
            placeholder="https://partner.example/sso"
            isInvalid={Boolean(errors.sso_url)}
            data-testid="fc-sso-url"
            {...register('sso_url')}
          />
          <Form.Control.Feedback type="invalid">{errors.sso_url?.message}</Form.Control.Feedback>
          <Form.Text className="text-body-secondary">
            Kassa posts the signed sign-in request here (HMAC-SHA256).
          </Form.Text>
        </Form.Group>
        <Form.Group className="col-md-6" controlId="fc-secret">
          <Form.Label>Shared secret</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            placeholder={
              editing ? `${editing.shared_secret_masked} — leave empty to keep it` : 'At least 16 characters'
            }
            isInvalid={Boolean(errors.shared_secret)}
            data-testid="fc-secret"
            {...register('shared_secret')}
          />
          <Form.Control.Feedback type="invalid">{errors.shared_secret?.message}</Form.Control.Feedback>
          {editing && (
            <Form.Text className="text-body-secondary" data-testid="fc-secret-masked">
              Stored: <span className="font-monospace">{editing.shared_secret_masked}</span>
            </Form.Text>
          )}
        </Form.Group>
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
