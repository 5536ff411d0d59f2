// A secret Kassa shows once (an API key on creation and roll, a webhook signing secret on creation
// and roll): the warning, the value selected on focus, and a copy button.
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { copyToClipboard } from '../../../lib/clipboard.ts';

export const SECRET_SHOWN_ONCE = 'Copy this secret now. You won’t see it again: Kassa keeps only a fingerprint of it.';

export function SecretReveal({
  secret,
  label = 'API key secret',
  testIdPrefix = 'secret',
}: {
  secret: string;
  label?: string;
  /** `secret` gives secret-reveal, secret-warning, secret-value, secret-copy. */
  testIdPrefix?: string;
}) {
  return (
    <div data-testid={`${testIdPrefix}-reveal`}>
      <Alert variant="warning" className="small" data-testid={`${testIdPrefix}-warning`}>
        {SECRET_SHOWN_ONCE}
      </Alert>
      <InputGroup>
        <Form.Control
          readOnly
          value={secret}
          aria-label={label}
          className="font-monospace"
          data-testid={`${testIdPrefix}-value`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          variant="outline-secondary"
          onClick={() => void copyToClipboard(secret, 'Secret')}
          data-testid={`${testIdPrefix}-copy`}
        >
          Copy
        </Button>
      </InputGroup>
    </div>
  );
}
