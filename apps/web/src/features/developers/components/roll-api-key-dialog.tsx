// Roll: a new secret now; the old one keeps working for the chosen overlap so the new one can be
// deployed first (at once, 1 hour, 24 hours or 7 days).
import { type ApiKey, type ApiKeyWithSecret, ROLL_OVERLAP_HOURS } from '@kassa/contract/developers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FormError } from '../../../components/form/form-error.tsx';
import { ModalFormFooter } from '../../../components/form/modal-form-footer.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { rollApiKey } from '../api/api-keys-api.ts';
import { SecretReveal } from './secret-reveal.tsx';

export const OVERLAP_LABEL: Record<number, string> = {
  0: 'Now: the old secret stops at once',
  1: 'In 1 hour',
  24: 'In 24 hours',
  168: 'In 7 days',
};

export function RollApiKeyDialog({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: () => void;
}) {
  const [overlap, setOverlap] = useState<number>(24);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rolled, setRolled] = useState<ApiKeyWithSecret | null>(null);

  const close = () => {
    setOverlap(24);
    setError(null);
    setRolled(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    setPending(true);
    setError(null);
    try {
      const response = await rollApiKey(apiKey.id, overlap);
      setRolled(response.result);
      onRolled();
    } catch (err) {
      setError(apiErrorMessage(err, 'The key was not rolled.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal show={apiKey !== null} onHide={close} backdrop={rolled ? 'static' : true} data-testid="roll-key-dialog">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Roll {apiKey?.name}
        </Modal.Title>
      </Modal.Header>
      {rolled ? (
        <>
          <Modal.Body>
            <SecretReveal secret={rolled.secret} />
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={close} data-testid="secret-done">
              I have copied it
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={submit}>
          <Modal.Body>
            <p className="small">
              A new secret replaces <code>{apiKey ? `${apiKey.prefix}…${apiKey.last4}` : ''}</code>. When should the old
              secret stop working?
            </p>
            {ROLL_OVERLAP_HOURS.map((hours) => (
              <Form.Check
                key={hours}
                type="radio"
                name="overlap"
                id={`overlap-${hours}`}
                label={OVERLAP_LABEL[hours]}
                checked={overlap === hours}
                onChange={() => setOverlap(hours)}
                data-testid={`overlap-${hours}`}
              />
            ))}
            <FormError message={error} testId="roll-key-error" />
          </Modal.Body>
          <ModalFormFooter
            onCancel={close}
            pending={pending}
            label="Roll key"
            pendingLabel="Rolling…"
            testId="roll-key-submit"
          />
        </Form>
      )}
    </Modal>
  );
}
