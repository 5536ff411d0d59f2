// The buyer pages' "e-mail me a sign-in link" forms (the checkout's saved-card sign-in, the customer
// portal's sign-in) share this: the address with its label and the error under it, and the request's
// busy / sent / error state. Plain markup: buyer pages load no react-bootstrap (checkout-entry-imports.test.ts).
import { type FormEvent, useState } from 'react';

export interface EmailLinkRequest {
  email: string;
  setEmail: (email: string) => void;
  busy: boolean;
  sent: boolean;
  error: string | null;
  submit: (event: FormEvent) => Promise<void>;
}

export function useEmailLinkRequest({
  send,
  failed,
  invalidMessage,
}: {
  /** Asks the server for the link, with the address trimmed. */
  send: (email: string) => Promise<unknown>;
  /** What the buyer reads when the request failed. */
  failed: (error: unknown) => string;
  /** Said without asking the server when the address is not one (no check when unset). */
  invalidMessage?: string;
}): EmailLinkRequest {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (invalidMessage && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError(invalidMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(address);
      setSent(true);
    } catch (e) {
      setError(failed(e));
    } finally {
      setBusy(false);
    }
  };
  return { email, setEmail, busy, sent, error, submit };
}

/** The address field, its label and the request's error; `spacing` is the margin under the field. */
export function EmailLinkField({
  id,
  label,
  request,
  spacing = 'mb-2',
}: {
  id: string;
  label: string;
  request: EmailLinkRequest;
  spacing?: 'mb-2' | 'mb-3';
}) {
  return (
    <>
      <label className="d-block mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        className={`form-control ${spacing}`}
        value={request.email}
        onChange={(e) => request.setEmail(e.target.value)}
        required
      />
      {request.error && (
        <p className="text-danger small" role="alert">
          {request.error}
        </p>
      )}
    </>
  );
}
