// Create key: a name, test or live, and the scopes (from the scope table the API checks against).
// On success the dialog turns into the one-time view of the secret.
import {
  API_KEY_SCOPES,
  type ApiKeyCreateBody,
  type ApiKeyMode,
  type ApiKeyWithSecret,
} from '@kassa/contract/developers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FormError } from '../../../components/form/form-error.tsx';
import { ModalFormFooter } from '../../../components/form/modal-form-footer.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { createApiKey } from '../api/api-keys-api.ts';
import { SecretReveal } from './secret-reveal.tsx';

export function CreateApiKeyDialog({
  show,
  onClose,
  onCreated,
}: {
  show: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>('test');
  const [scopes, setScopes] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyWithSecret | null>(null);

  const close = () => {
    setName('');
    setMode('test');
    setScopes([]);
    setError(null);
    setCreated(null);
    onClose();
  };

  const toggle = (scope: string) =>
    setScopes((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the key a name.');
    if (scopes.length === 0) return setError('Choose at least one scope.');
    setPending(true);
    setError(null);
    try {
      const response = await createApiKey({ name: name.trim(), mode, scopes } as ApiKeyCreateBody);
      setCreated(response.result);
      onCreated();
    } catch (err) {
      setError(apiErrorMessage(err, 'The key was not created.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal show={show} onHide={close} backdrop={created ? 'static' : true} data-testid="create-key-dialog">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {created ? 'Your new API key' : 'Create an API key'}
        </Modal.Title>
      </Modal.Header>
      {created ? (
        <>
          <Modal.Body>
            <p className="small mb-2">
              <strong>{created.name}</strong> ({created.mode === 'live' ? 'live' : 'test'} mode)
            </p>
            <SecretReveal secret={created.secret} />
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
            <Form.Group className="mb-3" controlId="api-key-name">
              <Form.Label>Name</Form.Label>
              <Form.Control
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
                placeholder="Shop backend"
                data-testid="key-name"
              />
            </Form.Group>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">Mode</legend>
              <Form.Check
                inline
                type="radio"
                id="key-mode-test"
                label="Test (sk_test_…): sandbox payments only"
                checked={mode === 'test'}
                onChange={() => setMode('test')}
                data-testid="key-mode-test"
              />
              <Form.Check
                inline
                type="radio"
                id="key-mode-live"
                label="Live (sk_live_…): real money"
                checked={mode === 'live'}
                onChange={() => setMode('live')}
                data-testid="key-mode-live"
              />
            </fieldset>
            <fieldset>
              <legend className="form-label fs-6">Scopes</legend>
              {API_KEY_SCOPES.map((s) => (
                <Form.Check
                  key={s.scope}
                  id={`scope-${s.scope}`}
                  checked={scopes.includes(s.scope)}
                  onChange={() => toggle(s.scope)}
                  label={
                    <>
                      <code>{s.scope}</code>
                      <span className="d-block small text-body-secondary">{s.description}</span>
                    </>
                  }
                  data-testid={`scope-${s.scope}`}
                />
              ))}
            </fieldset>
            <FormError message={error} testId="create-key-error" />
          </Modal.Body>
          <ModalFormFooter
            onCancel={close}
            pending={pending}
            label="Create key"
            pendingLabel="Creating…"
            testId="create-key-submit"
          />
        </Form>
      )}
    </Modal>
  );
}
