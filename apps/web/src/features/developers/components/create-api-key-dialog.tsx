// Create key: a name, test or live, and the scopes (from the scope table the API checks against).
// On success the dialog turns into the one-time view of the secret.
import { API_KEY_SCOPES, type ApiKeyCreateBody, type ApiKeyMode, apiKeyCreateBody } from '@kassa/contract/developers';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { InlineRadios } from '../../../components/form/inline-radios.tsx';
import { scopeDescription } from '../../../lib/contract-texts.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { validationText } from '../../../lib/validation-text.ts';
import { createApiKey } from '../api/api-keys-api.ts';
import { SecretDialog, useSecretRequest } from './secret-dialog.tsx';

export function CreateApiKeyDialog({
  show,
  onClose,
  onCreated,
}: {
  show: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const i18n = usePortalI18n();
  const { t } = i18n;
  /** The key's mode and what it may do, as the radio offers them. */
  const modes: readonly (readonly [ApiKeyMode, string])[] = [
    ['test', t('developers.create.modeTest')],
    ['live', t('developers.create.modeLive')],
  ];
  const [name, setName] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>('test');
  const [scopes, setScopes] = useState<string[]>([]);
  const request = useSecretRequest(t('developers.create.failed'));
  const created = request.made;

  const close = () => {
    setName('');
    setMode('test');
    setScopes([]);
    request.reset();
    onClose();
  };

  const toggle = (scope: string) =>
    setScopes((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]));

  const submit = () => {
    if (!name.trim()) return request.setError(t('developers.create.nameRequired'));
    if (scopes.length === 0) return request.setError(t('developers.create.scopeRequired'));
    // The server's own rules (the name's length counted as a person sees it), before anything is sent.
    const body = apiKeyCreateBody.safeParse({ name, mode, scopes });
    if (!body.success) return request.setError(`${validationText(body.error.issues[0]!.message, i18n)}.`);
    void request.run(() => createApiKey({ name: name.trim(), mode, scopes } as ApiKeyCreateBody), onCreated);
  };

  return (
    <SecretDialog
      show={show}
      title={created ? t('developers.create.titleDone') : t('developers.create.title')}
      testId="create-key-dialog"
      request={request}
      secretIntro={
        created && (
          <p className="small mb-2">
            <strong>{created.name}</strong>{' '}
            {created.mode === 'live' ? t('developers.create.liveMode') : t('developers.create.testMode')}
          </p>
        )
      }
      onClose={close}
      onSubmit={submit}
      submit={{
        label: t('developers.create.submit'),
        pendingLabel: t('developers.create.pending'),
        testId: 'create-key-submit',
        errorTestId: 'create-key-error',
      }}
    >
      <Form.Group className="mb-3" controlId="api-key-name">
        <Form.Label>{t('developers.create.name')}</Form.Label>
        <Form.Control
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('developers.create.namePlaceholder')}
          data-testid="key-name"
        />
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('developers.create.mode')}</legend>
        <InlineRadios
          options={modes}
          idPrefix="key-mode"
          inputProps={(value) => ({ checked: mode === value, onChange: () => setMode(value) })}
        />
      </fieldset>
      <fieldset>
        <legend className="form-label fs-6">{t('developers.create.scopes')}</legend>
        {API_KEY_SCOPES.map((s) => (
          <Form.Check
            key={s.scope}
            id={`scope-${s.scope}`}
            checked={scopes.includes(s.scope)}
            onChange={() => toggle(s.scope)}
            label={
              <>
                <code>{s.scope}</code>
                <span className="d-block small text-body-secondary">{scopeDescription(s.scope, t)}</span>
              </>
            }
            data-testid={`scope-${s.scope}`}
          />
        ))}
      </fieldset>
    </SecretDialog>
  );
}
