// "Passkeys" on the account page: add one (named), rename, remove with confirmation. A passkey signs
// in instead of the password and code.
import { formatMoment } from '@kassa/contract/date-display';
import { PASSKEY_NAME_MAX, type Passkey, passkeyName } from '@kassa/contract/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiErrorMessage, apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { validationText } from '../../../lib/validation-text.ts';
import { addPasskey, isPromptCancelled, removePasskey, renamePasskey, usePasskeys } from '../api/passkeys-api.ts';

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
  const i18n = usePortalI18n();
  const { t } = i18n;
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) return setError(validationText(parsed.error.issues[0]!.message, i18n));
    setPending(true);
    setError(await onSubmit(parsed.data));
    setPending(false);
  };
  return (
    <Form noValidate onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-start" data-testid={testId}>
      <Form.Group controlId={`${testId}-name`} className="flex-grow-1">
        <Form.Label className="visually-hidden">{t('auth.passkeys.nameLabel')}</Form.Label>
        <Form.Control
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          placeholder={t('auth.passkeys.namePlaceholder')}
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
        {t('auth.cancel')}
      </Button>
    </Form>
  );
}

export function PasskeysSection() {
  const { t, locale } = usePortalI18n();
  const dateOf = (iso: string | null) => (iso ? formatMoment(new Date(iso), locale) : t('auth.passkeys.never'));
  const { data, error, mutate } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  const add = async (name: string) => {
    try {
      const response = await addPasskey(name);
      showToast('success', apiSuccessMessage(response.message, t('auth.passkeys.added')));
      await mutate();
      setAdding(false);
      return null;
    } catch (e) {
      if (isPromptCancelled(e)) return t('auth.passkeys.addCancelled');
      return apiErrorMessage(e, t('auth.passkeys.addFailed'));
    }
  };

  const rename = async (id: string, name: string) => {
    try {
      await renamePasskey(id, name);
      await mutate();
      setRenaming(null);
      return null;
    } catch (e) {
      return apiErrorMessage(e, t('auth.passkeys.renameFailed'));
    }
  };

  const remove = async (passkey: Passkey) => {
    const sure = await confirmDialog({
      title: t('auth.passkeys.removeTitle', { name: passkey.name }),
      text: t('auth.passkeys.removeText'),
      confirmButtonText: t('auth.removeIt'),
      cancelButtonText: t('auth.keepIt'),
    });
    if (!sure) return;
    try {
      const response = await removePasskey(passkey.id);
      showToast('success', apiSuccessMessage(response.message, t('auth.passkeys.removed')));
      await mutate();
    } catch (e) {
      toastApiError(e, t('auth.passkeys.removeFailed'));
    }
  };

  return (
    <Card className="form-card mt-4" data-testid="passkeys-section">
      <Card.Body>
        <h2 className="h5">{t('auth.passkeys.title')}</h2>
        <p className="text-muted">{t('auth.passkeys.intro')}</p>
        {error ? (
          <p className="text-danger">{t('auth.passkeys.loadFailed')}</p>
        ) : !data ? (
          <p className="text-muted">{t('auth.loading')}</p>
        ) : (
          <>
            {data.passkeys.length === 0 ? (
              <p data-testid="passkeys-empty">{t('auth.passkeys.empty')}</p>
            ) : (
              <Table responsive className="align-middle" data-testid="passkeys-table">
                <thead>
                  <tr>
                    <th>{t('auth.passkeys.name')}</th>
                    <th>{t('auth.passkeys.addedAt')}</th>
                    <th>{t('auth.passkeys.lastUsed')}</th>
                    <th className="text-end">{t('auth.passkeys.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.passkeys.map((p) => (
                    <tr key={p.id} data-testid="passkey-row">
                      <td>
                        {renaming === p.id ? (
                          <NameForm
                            initial={p.name}
                            label={t('auth.passkeys.save')}
                            pendingLabel={t('auth.passkeys.saving')}
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
                          {t('auth.passkeys.rename')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => void remove(p)}
                          data-testid="passkey-remove"
                        >
                          {t('auth.passkeys.remove')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {!supported ? (
              <p className="text-muted">{t('auth.passkeys.unsupported')}</p>
            ) : adding ? (
              <NameForm
                initial=""
                label={t('auth.passkeys.create')}
                pendingLabel={t('auth.passkeys.creating')}
                testId="passkey-add"
                onSubmit={add}
                onCancel={() => setAdding(false)}
              />
            ) : (
              <Button variant="outline-primary" onClick={() => setAdding(true)} data-testid="passkey-add-start">
                {t('auth.passkeys.add')}
              </Button>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
