import { type IndustryType, type IndustryTypeBody, industryTypeBody } from '@kassa/contract/industry-types';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
          <Form.Group className="mb-3" controlId="industry-type-name">
            <Form.Label>Name</Form.Label>
            <Form.Control isInvalid={Boolean(errors.name)} data-testid="industry-type-name" {...register('name')} />
            <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="industry-type-description">
            <Form.Label>Description (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              isInvalid={Boolean(errors.description)}
              data-testid="industry-type-description"
              {...register('description')}
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting} data-testid="industry-type-submit">
            {isSubmitting && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {editing ? 'Save changes' : 'Create industry type'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
