import { type FormEventHandler, type ReactNode, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ModalFormFooter } from './modal-form-footer.tsx';

/** What an admin list hands its create / edit modal, which it renders only while open. */
export interface EditorModalProps<TItem> {
  /** The item to edit; null creates one. */
  editing: TItem | null;
  onHide: () => void;
  onSaved: () => Promise<unknown>;
}

/** The admin list's side: the modal's props while it is open (for a new item or the one picked), else null. */
export function useEditorModal<TItem>(reload: () => Promise<unknown>) {
  const [editing, setEditing] = useState<TItem | 'new' | null>(null);
  const modal: EditorModalProps<TItem> | null = editing && {
    editing: editing === 'new' ? null : editing,
    onHide: () => setEditing(null),
    onSaved: async () => {
      setEditing(null);
      await reload();
    },
  };
  return { openNew: () => setEditing('new'), edit: (item: TItem) => setEditing(item), modal };
}

/**
 * The admin screens' form modal: the dialog is named by its title, a click outside closes it unless
 * the backdrop is static, and Cancel waits while the form saves (the save is already on its way).
 */
export function TitledFormModal({
  show = true,
  backdrop,
  titleId,
  title,
  size,
  onHide,
  onSubmit,
  formTestId,
  pending,
  submitLabel,
  pendingLabel,
  submitTestId,
  children,
}: {
  /** Shown unless told otherwise: most are rendered only while open. */
  show?: boolean;
  /** "static": a click outside does not close it (a long form half filled is not lost). */
  backdrop?: 'static';
  titleId: string;
  title: string;
  size?: 'lg';
  onHide: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formTestId: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      contentClassName="bg-white"
      size={size}
      show={show}
      onHide={onHide}
      backdrop={backdrop}
      aria-labelledby={titleId}
    >
      <Form noValidate onSubmit={onSubmit} data-testid={formTestId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <ModalFormFooter
          onCancel={onHide}
          pending={pending}
          label={submitLabel}
          pendingLabel={pendingLabel}
          testId={submitTestId}
          lockCancel
        />
      </Form>
    </Modal>
  );
}
