// The credential inputs of one provider, rendered from its field list (GET /connection/providers/):
// the provider list is data, so a new processor brings its own form. Secret fields are password
// inputs; a stored secret only ever comes back masked, so it is shown as such with "Replace" to
// type a new one (docs/ARCHITECTURE.md: credentials come back masked).
import type { ProviderInfo } from '@kassa/contract/connections';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { credentialLabel, credentialPlaceholder } from '../../../lib/contract-texts.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export type CredentialField = ProviderInfo['credential_fields'][number];

export function CredentialFields({
  fields,
  idPrefix,
  inputProps,
  stored,
  replacing = {},
  onReplace,
  disabled = false,
}: {
  fields: readonly CredentialField[];
  idPrefix: string;
  /** register(`credentials.${name}`) of the surrounding form. */
  inputProps: (name: string) => UseFormRegisterReturn;
  /** The saved connection's values: secrets masked, other fields as entered. */
  stored?: Readonly<Record<string, string>>;
  /** Secret fields whose stored value is being replaced (an input instead of the masked value). */
  replacing?: Readonly<Record<string, boolean>>;
  onReplace?: (name: string, replace: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = usePortalI18n();
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const masked = field.secret ? stored?.[field.name] : undefined;
        const showMasked = masked !== undefined && !replacing[field.name];
        return (
          <Form.Group className="mb-3" controlId={id} key={field.name}>
            <Form.Label>{credentialLabel(field, t)}</Form.Label>
            {showMasked ? (
              <InputGroup key="masked">
                <Form.Control
                  readOnly
                  value={masked}
                  aria-label={t('paymentConnections.credentials.masked', { label: credentialLabel(field, t) })}
                  className="font-monospace bg-body-tertiary"
                  data-testid={`credential-masked-${field.name}`}
                />
                {onReplace && !disabled && (
                  <Button
                    variant="outline-secondary"
                    onClick={() => onReplace(field.name, true)}
                    data-testid={`credential-replace-${field.name}`}
                  >
                    {t('paymentConnections.credentials.replace')}
                  </Button>
                )}
              </InputGroup>
            ) : (
              <InputGroup key="input">
                <Form.Control
                  type={field.secret ? 'password' : 'text'}
                  autoComplete={field.secret ? 'new-password' : 'off'}
                  spellCheck={false}
                  placeholder={credentialPlaceholder(field, t) ?? undefined}
                  className="font-monospace"
                  disabled={disabled}
                  data-testid={`credential-${field.name}`}
                  {...inputProps(field.name)}
                />
                {masked !== undefined && onReplace && (
                  <Button
                    variant="outline-secondary"
                    onClick={() => onReplace(field.name, false)}
                    data-testid={`credential-keep-${field.name}`}
                  >
                    {t('paymentConnections.credentials.keep')}
                  </Button>
                )}
              </InputGroup>
            )}
            {field.secret && (
              <Form.Text className="text-body-secondary">
                {t('paymentConnections.credentials.storedEncrypted')}
              </Form.Text>
            )}
          </Form.Group>
        );
      })}
    </>
  );
}
