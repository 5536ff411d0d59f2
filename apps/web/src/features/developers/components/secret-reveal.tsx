// A secret Kassa shows once (an API key on creation and roll, a webhook signing secret on creation
// and roll): the warning, the value selected on focus, and a copy button.
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function SecretReveal({
  secret,
  label,
  testIdPrefix = 'secret',
}: {
  secret: string;
  label?: string;
  /** `secret` gives secret-reveal, secret-warning, secret-value, secret-copy. */
  testIdPrefix?: string;
}) {
  const { t } = usePortalI18n();
  return (
    <div data-testid={`${testIdPrefix}-reveal`}>
      <Alert variant="warning" className="small" data-testid={`${testIdPrefix}-warning`}>
        {t('developers.secret.shownOnce')}
      </Alert>
      <InputGroup>
        <Form.Control
          readOnly
          value={secret}
          aria-label={label ?? t('developers.secret.label')}
          className="font-monospace"
          data-testid={`${testIdPrefix}-value`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          variant="outline-secondary"
          onClick={() => void copyToClipboard(secret, t('developers.secret.what'))}
          data-testid={`${testIdPrefix}-copy`}
        >
          {t('developers.secret.copy')}
        </Button>
      </InputGroup>
    </div>
  );
}
