import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The e-mail address a sign-in or reset request starts from. */
export function EmailField({
  id,
  className,
  autoComplete,
  registration,
  error,
}: {
  /** Also the input's test id. */
  id: string;
  className: string;
  autoComplete: 'username' | 'email';
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>Email address</Form.Label>
      <Form.Control
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        placeholder="you@company.com"
        isInvalid={Boolean(error)}
        data-testid={id}
        {...registration}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
