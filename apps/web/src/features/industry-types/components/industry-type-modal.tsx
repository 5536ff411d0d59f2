import { type IndustryType, type IndustryTypeBody, industryTypeBody } from '@kassa/contract/industry-types';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ModalFormFooter } from '../../../components/form/modal-form-footer.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { createIndustryType, updateIndustryType } from '../api/industry-types-api.ts';

/** Create (no `editing`) or edit an industry type; the server's message is toasted either way. */
export function IndustryTypeModal({
  editing,
  onHide,
  onSaved,
}: {
  editing: IndustryType | null;
  onHide: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IndustryTypeBody, unknown, z.output<typeof industryTypeBody>>({
    resolver: zodResolver(industryTypeBody),
    defaultValues: { name: editing?.name ?? '', description: editing?.description ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const response = editing ? await updateIndustryType(editing.id, values) : await createIndustryType(values);
      showToast('success', response.message ?? 'Industry type saved.');
      await onSaved();
    } catch (error) {
      applyFieldErrors(error, setError, ['name', 'description']);
      toastApiError(error, 'The industry type was not saved.');
    }
  });

  return (
    <Modal contentClassName="bg-white" show onHide={onHide} aria-labelledby="industry-type-title">
      <Form noValidate onSubmit={submit} data-testid="industry-type-form">
        <Modal.Header closeButton>
          <Modal.Title id="industry-type-title">{editing ? 'Edit industry type' : 'New industry type'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
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
        </Modal.Body>
        <ModalFormFooter
          onCancel={onHide}
          pending={isSubmitting}
          label={editing ? 'Save changes' : 'Create industry type'}
          testId="industry-type-submit"
          lockCancel
        />
      </Form>
    </Modal>
  );
}
