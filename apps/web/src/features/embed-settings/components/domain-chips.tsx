// Allowed parent domains as removable chips with an input to add one. A pasted address
// ("https://shop.example.com/page") is reduced to its host name; the contract's isEmbedDomain
// decides what is valid, as on the server.
import { hostOf, isEmbedDomain } from '@kassa/contract/embed';
import { type KeyboardEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** The host name to store for what was typed, or null when it is not one. */
export function normalizeDomain(typed: string): string | null {
  const value = typed.trim().toLowerCase();
  if (!value) return null;
  if (isEmbedDomain(value)) return value;
  if (value.includes('://')) {
    const host = hostOf(value);
    return host && isEmbedDomain(host) ? host : null;
  }
  return null;
}

export function DomainChips({
  value,
  onChange,
  disabled,
}: {
  value: readonly string[];
  onChange: (domains: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = usePortalI18n();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const domain = normalizeDomain(text);
    if (!domain) return setError(t('embedSettings.domains.hint'));
    if (value.includes(domain)) return setError(t('embedSettings.domains.duplicate', { domain }));
    onChange([...value, domain]);
    setText('');
    setError(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div>
      <div className="domain-chips" data-testid="domain-chips">
        {value.length === 0 && <span className="small text-body-secondary">{t('embedSettings.domains.none')}</span>}
        {value.map((domain) => (
          <span className="domain-chip" key={domain} data-testid="domain-chip">
            <span className="font-monospace">{domain}</span>
            {!disabled && (
              <CloseButton
                aria-label={t('embedSettings.domains.remove', { domain })}
                onClick={() => onChange(value.filter((d) => d !== domain))}
                data-testid="domain-remove"
              />
            )}
          </span>
        ))}
      </div>
      {!disabled && (
        <InputGroup hasValidation className="mt-2">
          <Form.Control
            placeholder={t('embedSettings.domains.placeholder')}
            aria-label={t('embedSettings.domains.addLabel')}
            value={text}
            isInvalid={Boolean(error)}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            data-testid="domain-input"
          />
          <Button variant="outline-primary" onClick={add} data-testid="domain-add">
            {t('embedSettings.domains.add')}
          </Button>
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </InputGroup>
      )}
    </div>
  );
}
