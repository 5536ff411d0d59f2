// The API-key dialogs whose form ends in a new secret (create, roll): the form, then the secret
// shown once. While it shows, a click outside does not close the dialog: "I have copied it" does.
import type { ApiKeyWithSecret } from '@kassa/contract/developers';
import { type FormEvent, type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FormError } from '../../../components/form/form-error.tsx';
import { ModalFormFooter } from '../../../components/form/modal-form-footer.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { SecretReveal } from './secret-reveal.tsx';

/** The request's state: pending, the error to show under the form, and the key with its secret once made. */
export function useSecretRequest(failed: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<ApiKeyWithSecret | null>(null);

  const run = async (request: () => Promise<{ result: ApiKeyWithSecret }>, onMade: () => void) => {
    setPending(true);
    setError(null);
    try {
      setMade((await request()).result);
      onMade();
    } catch (err) {
      setError(apiErrorMessage(err, failed));
    } finally {
      setPending(false);
    }
  };
  const reset = () => {
    setError(null);
    setMade(null);
  };
  return { pending, error, setError, made, run, reset };
}

export function SecretDialog({
  show,
  title,
  testId,
  request,
  secretIntro,
  onClose,
  onSubmit,
  submit,
  children,
}: {
  show: boolean;
  title: ReactNode;
  testId: string;
  request: ReturnType<typeof useSecretRequest>;
  /** Said above the secret. */
  secretIntro?: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  submit: { label: string; pendingLabel: string; testId: string; errorTestId: string };
  children: ReactNode;
}) {
  const { t } = usePortalI18n();
  const { made, pending, error } = request;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal show={show} onHide={onClose} backdrop={made ? 'static' : true} data-testid={testId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {made ? (
        <>
          <Modal.Body>
            {secretIntro}
            <SecretReveal secret={made.secret} />
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onClose} data-testid="secret-done">
              {t('developers.secret.copied')}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={handleSubmit}>
          <Modal.Body>
            {children}
            <FormError message={error} testId={submit.errorTestId} />
          </Modal.Body>
          <ModalFormFooter
            onCancel={onClose}
            pending={pending}
            label={submit.label}
            pendingLabel={submit.pendingLabel}
            testId={submit.testId}
          />
        </Form>
      )}
    </Modal>
  );
}
