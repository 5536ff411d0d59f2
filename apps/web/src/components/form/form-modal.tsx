import type { FormEventHandler, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { ModalFormFooter } from './modal-form-footer.tsx';

/**
 * A create / edit form in a modal over a list: the title names the form, clicks outside do not
 * close it (a half-filled form is not lost), and the footer has Cancel and the submit button.
 */
export function FormModal({
  show,
  onHide,
  title,
  ariaLabel = title,
  size,
  testId,
  onSubmit,
  pending,
  submitLabel,
  submitTestId,
  children,
}: {
  show: boolean;
  onHide: () => void;
  title: string;
  /** The form's accessible name, when it differs from the title. */
  ariaLabel?: string;
  /** Wide for long forms; Bootstrap's default width otherwise. */
  size?: 'lg';
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  submitTestId: string;
  children: ReactNode;
}) {
  const { t } = usePortalI18n();
  return (
    <Modal show={show} onHide={onHide} size={size} backdrop="static" data-testid={testId}>
      <Form noValidate onSubmit={onSubmit} aria-label={ariaLabel}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <ModalFormFooter
          onCancel={onHide}
          pending={pending}
          label={submitLabel}
          pendingLabel={t('components.saving')}
          testId={submitTestId}
        />
      </Form>
    </Modal>
  );
}
