// Create or edit a quick payment in a modal over the list.

import type { QuickPayment } from '@kassa/contract/quick-payments';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { Controller, useForm } from 'react-hook-form';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { createQuickPayment, updateQuickPayment } from '../api/quick-payments-api.ts';
import {
  emptyQuickPaymentForm,
  QUICK_PAYMENT_FIELDS,
  type QuickPaymentFormOutput,
  type QuickPaymentFormValues,
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
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuickPaymentFormValues, unknown, QuickPaymentFormOutput>({
    resolver: zodResolver(quickPaymentForm),
    defaultValues: emptyQuickPaymentForm(),
  });

  useEffect(() => {
    if (show) reset(quickPayment ? quickPaymentToForm(quickPayment) : emptyQuickPaymentForm());
  }, [show, quickPayment, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = quickPayment ? await updateQuickPayment(quickPayment.id, values) : await createQuickPayment(values);
      showToast('success', saved.message ?? (quickPayment ? 'Quick payment updated.' : 'Quick payment created.'));
      onSaved();
      onClose();
    } catch (error) {
      applyFieldErrors(error, setError, QUICK_PAYMENT_FIELDS);
      toastApiError(error, 'Something went wrong.');
    }
  });

  const title = quickPayment ? 'Edit quick payment' : 'New quick payment';
  return (
    <Modal show={show} onHide={onClose} size="lg" backdrop="static" data-testid="quick-payment-form-modal">
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="qp-name">
            <Form.Label>Title</Form.Label>
            <Form.Control {...register('name')} isInvalid={Boolean(errors.name)} data-testid="qp-name" />
            <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="qp-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              {...register('description')}
              isInvalid={Boolean(errors.description)}
              data-testid="qp-description"
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          <Row>
            <Col sm={5}>
              <Form.Group className="mb-3" controlId="qp-amount">
                <Form.Label>Amount</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  placeholder="0.00"
                  {...register('amount')}
                  isInvalid={Boolean(errors.amount)}
                  data-testid="qp-amount"
                />
                <Form.Control.Feedback type="invalid">{errors.amount?.message}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={3}>
              <Form.Group className="mb-3" controlId="qp-currency">
                <Form.Label>Currency</Form.Label>
                <Form.Select {...register('currency')} isInvalid={Boolean(errors.currency)} data-testid="qp-currency">
                  <CurrencyOptions />
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.currency?.message}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={4}>
              <Form.Group className="mb-3" controlId="qp-expires">
                <Form.Label>Expires (optional)</Form.Label>
                <Form.Control
                  type="datetime-local"
                  {...register('expires_at')}
                  isInvalid={Boolean(errors.expires_at)}
                  data-testid="qp-expires"
                />
                <Form.Control.Feedback type="invalid">{errors.expires_at?.message}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
          <Form.Group className="mb-3">
            <Form.Label htmlFor="qp-comment">Comment on the checkout page</Form.Label>
            <Controller
              control={control}
              name="comment"
              render={({ field }) => (
                <RichTextEditor
                  id="qp-comment"
                  label="Comment on the checkout page"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(errors.comment)}
                  testId="qp-comment"
                />
              )}
            />
            {errors.comment && <div className="invalid-feedback d-block">{errors.comment.message}</div>}
          </Form.Group>
          <Form.Check
            type="switch"
            id="qp-active"
            label="Active (the link takes payments)"
            {...register('is_active')}
            data-testid="qp-active"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton
            type="submit"
            pending={isSubmitting}
            label={quickPayment ? 'Save changes' : 'Create quick payment'}
            pendingLabel="Saving…"
            testId="qp-submit"
          />
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
