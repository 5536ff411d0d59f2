import { type IndustryType, type IndustryTypeBody, industryTypeBody } from '@kassa/contract/industry-types';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { type EditorModalProps, TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { useSaveForm } from '../../../components/form/use-save-form.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createIndustryType, updateIndustryType } from '../api/industry-types-api.ts';

/** Create (no `editing`) or edit an industry type; the server's message is toasted either way. */
export function IndustryTypeModal({ editing, onHide, onSaved }: EditorModalProps<IndustryType>) {
  const { t } = usePortalI18n();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSaveForm<IndustryTypeBody, z.output<typeof industryTypeBody>>({
    resolver: zodResolver(industryTypeBody),
    defaultValues: { name: editing?.name ?? '', description: editing?.description ?? '' },
    fields: ['name', 'description'],
    save: (values) => (editing ? updateIndustryType(editing.id, values) : createIndustryType(values)),
    savedMessage: t('industryTypes.form.saved'),
    failedMessage: t('industryTypes.form.failed'),
    onSaved,
  });

  return (
    <TitledFormModal
      titleId="industry-type-title"
      title={editing ? t('industryTypes.form.editTitle') : t('industryTypes.new')}
      onHide={onHide}
      onSubmit={onSubmit}
      formTestId="industry-type-form"
      pending={isSubmitting}
      submitLabel={editing ? t('industryTypes.form.save') : t('industryTypes.form.create')}
      submitTestId="industry-type-submit"
    >
      <TextField
        id="industry-type-name"
        label={t('industryTypes.column.name')}
        groupClassName="mb-3"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="industry-type-description"
        label={t('industryTypes.form.description')}
        error={errors.description?.message}
        as="textarea"
        rows={3}
        {...register('description')}
      />
    </TitledFormModal>
  );
}
