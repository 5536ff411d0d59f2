import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { PendingButton } from '../pending-button.tsx';

/** A form modal's footer: Cancel, and the submit button with a spinner while the form saves. */
export function ModalFormFooter({
  onCancel,
  pending,
  label,
  pendingLabel = label,
  testId,
  lockCancel = false,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  /** Shown beside the spinner; the label itself when not given. */
  pendingLabel?: string;
  testId: string;
  /** Cancel waits for the save too. */
  lockCancel?: boolean;
}) {
  const { t } = usePortalI18n();
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel} disabled={lockCancel && pending}>
        {t('components.cancel')}
      </Button>
      <PendingButton type="submit" pending={pending} label={label} pendingLabel={pendingLabel} testId={testId} />
    </Modal.Footer>
  );
}
