import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { copyToClipboard } from '../../../lib/clipboard.ts';

export const SECRET_SHOWN_ONCE = 'Copy this secret now. You won’t see it again: Kassa keeps only a fingerprint of it.';

/** A new key's secret, shown once, with a copy button. */
export function SecretReveal({ secret }: { secret: string }) {
  return (
    <div data-testid="secret-reveal">
      <Alert variant="warning" className="small" data-testid="secret-warning">
        {SECRET_SHOWN_ONCE}
      </Alert>
      <InputGroup>
        <Form.Control
          readOnly
          value={secret}
          aria-label="API key secret"
          className="font-monospace"
          data-testid="secret-value"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          variant="outline-secondary"
          onClick={() => void copyToClipboard(secret, 'Secret')}
          data-testid="secret-copy"
        >
          Copy
        </Button>
      </InputGroup>
    </div>
  );
}
