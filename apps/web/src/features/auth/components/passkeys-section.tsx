// "Passkeys" on the account page: add one (named), rename, remove with confirmation. A passkey signs
// in instead of the password and code.
import { PASSKEY_NAME_MAX, type Passkey, passkeyName } from '@kassa/contract/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { addPasskey, isPromptCancelled, removePasskey, renamePasskey, usePasskeys } from '../api/passkeys-api.ts';

const dateOf = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function NameForm({
  initial,
  label,
  pendingLabel,
  testId,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  pendingLabel: string;
  testId: string;
  onSubmit: (name: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setPending(true);
    setError(await onSubmit(parsed.data));
    setPending(false);
  };
  return (
    <Form noValidate onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-start" data-testid={testId}>
      <Form.Group controlId={`${testId}-name`} className="flex-grow-1">
        <Form.Label className="visually-hidden">Passkey name</Form.Label>
        <Form.Control
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          placeholder="For example: Work laptop"
          isInvalid={error !== null}
          onChange={(e) => setName(e.target.value)}
          data-testid={`${testId}-input`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <PendingButton
        type="submit"
        pending={pending}
        label={label}
        pendingLabel={pendingLabel}
        testId={`${testId}-submit`}
      />
      <Button variant="outline-secondary" onClick={onCancel}>
        Cancel
      </Button>
    </Form>
  );
}

export function PasskeysSection() {
  const { data, error, mutate } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  const add = async (name: string) => {
    try {
      const response = await addPasskey(name);
      showToast('success', response.message ?? 'The passkey was added.');
      await mutate();
      setAdding(false);
      return null;
    } catch (e) {
      if (isPromptCancelled(e)) return 'The passkey prompt was closed. Try again when you are ready.';
      return apiErrorMessage(e, 'Could not add the passkey. Please try again.');
    }
  };

  const rename = async (id: string, name: string) => {
    try {
      await renamePasskey(id, name);
      await mutate();
      setRenaming(null);
      return null;
    } catch (e) {
      return apiErrorMessage(e, 'Could not rename the passkey. Please try again.');
    }
  };

  const remove = async (passkey: Passkey) => {
    const sure = await confirmDialog({
      title: `Remove “${passkey.name}”?`,
      text: 'This passkey will no longer sign you in. The key itself stays on your device until you delete it there.',
      confirmButtonText: 'Yes, remove it',
      cancelButtonText: 'No, keep it',
    });
    if (!sure) return;
    try {
      const response = await removePasskey(passkey.id);
      showToast('success', response.message ?? 'The passkey was removed.');
      await mutate();
    } catch (e) {
      toastApiError(e, 'Could not remove the passkey. Please try again.');
    }
  };

  return (
    <Card className="form-card mt-4" data-testid="passkeys-section">
      <Card.Body>
        <h2 className="h5">Passkeys</h2>
        <p className="text-muted">
          A passkey signs you in with your fingerprint, face, screen lock or security key, instead of your password and
          a code.
        </p>
        {error ? (
          <p className="text-danger">Could not load your passkeys. Reload the page to try again.</p>
        ) : !data ? (
          <p className="text-muted">Loading…</p>
        ) : (
          <>
            {data.passkeys.length === 0 ? (
              <p data-testid="passkeys-empty">You have no passkeys yet.</p>
            ) : (
              <Table responsive className="align-middle" data-testid="passkeys-table">
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Added</th>
                    <th>Last used</th>
                    <th className="text-end">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.passkeys.map((p) => (
                    <tr key={p.id} data-testid="passkey-row">
                      <td>
                        {renaming === p.id ? (
                          <NameForm
                            initial={p.name}
                            label="Save"
                            pendingLabel="Saving…"
                            testId="passkey-rename"
                            onSubmit={(name) => rename(p.id, name)}
                            onCancel={() => setRenaming(null)}
                          />
                        ) : (
                          p.name
                        )}
                      </td>
                      <td>{dateOf(p.created_at)}</td>
                      <td>{dateOf(p.last_used_at)}</td>
                      <td className="text-end text-nowrap">
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          className="me-2"
                          onClick={() => setRenaming(p.id)}
                        >
                          Rename
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => void remove(p)}
                          data-testid="passkey-remove"
                        >
                          Remove
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {!supported ? (
              <p className="text-muted">This browser cannot create passkeys.</p>
            ) : adding ? (
              <NameForm
                initial=""
                label="Create passkey"
                pendingLabel="Waiting for your device…"
                testId="passkey-add"
                onSubmit={add}
                onCancel={() => setAdding(false)}
              />
            ) : (
              <Button variant="outline-primary" onClick={() => setAdding(true)} data-testid="passkey-add-start">
                Add a passkey
              </Button>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
