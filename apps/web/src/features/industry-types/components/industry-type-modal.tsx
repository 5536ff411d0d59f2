import { type IndustryType, type IndustryTypeBody, industryTypeBody } from '@kassa/contract/industry-types';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { type EditorModalProps, TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { useSaveForm } from '../../../components/form/use-save-form.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { createIndustryType, updateIndustryType } from '../api/industry-types-api.ts';

/** Create (no `editing`) or edit an industry type; the server's message is toasted either way. */
export function IndustryTypeModal({ editing, onHide, onSaved }: EditorModalProps<IndustryType>) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSaveForm<IndustryTypeBody, z.output<typeof industryTypeBody>>({
    resolver: zodResolver(industryTypeBody),
    defaultValues: { name: editing?.name ?? '', description: editing?.description ?? '' },
    fields: ['name', 'description'],
    save: (values) => (editing ? updateIndustryType(editing.id, values) : createIndustryType(values)),
    savedMessage: 'Industry type saved.',
    failedMessage: 'The industry type was not saved.',
    onSaved,
  });

  return (
    <TitledFormModal
      titleId="industry-type-title"
      title={editing ? 'Edit industry type' : 'New industry type'}
      onHide={onHide}
      onSubmit={onSubmit}
      formTestId="industry-type-form"
      pending={isSubmitting}
      submitLabel={editing ? 'Save changes' : 'Create industry type'}
      submitTestId="industry-type-submit"
    >
      <TextField
        id="industry-type-name"
        label="Name"
        groupClassName="mb-3"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="industry-type-description"
        label="Description (optional)"
        error={errors.description?.message}
        as="textarea"
        rows={3}
        {...register('description')}
      />
    </TitledFormModal>
  );
}
