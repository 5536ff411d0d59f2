// The portal's sign-in: the customer's e-mail address, and a link comes by e-mail. The answer is the
// same whether or not the address is a customer's (the server's message says so).
import { type FormEvent, useState } from 'react';
import { checkoutErrorMessage } from '../checkout/index.ts';
import { askSignInLink } from './portal-api.ts';

const TEXT = {
  title: 'Sign in to your billing',
  intro: 'Enter the e-mail address you gave us. We will send you a link to sign in, no password needed.',
  email: 'E-mail address',
  submit: 'E-mail me a sign-in link',
  sending: 'Sending…',
  sent: 'If this e-mail address belongs to a customer, a sign-in link is on its way. It works once, for 30 minutes.',
  failed: 'The link could not be sent. Try again.',
};

export function PortalSignInForm({ merchantId }: { merchantId: string }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await askSignInLink(merchantId, email.trim());
      setSent(true);
    } catch (e) {
      setError(checkoutErrorMessage(e, TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card checkout-card" aria-labelledby="portal-sign-in-heading">
      <div className="card-body">
        <h2 id="portal-sign-in-heading" className="h4" data-testid="page-title">
          {TEXT.title}
        </h2>
        {sent ? (
          <p className="mb-0" role="status" data-testid="portal-link-sent">
            {TEXT.sent}
          </p>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="text-body-secondary">{TEXT.intro}</p>
            <label className="d-block mb-1" htmlFor="portal-email">
              {TEXT.email}
            </label>
            <input
              id="portal-email"
              type="email"
              autoComplete="email"
              className="form-control mb-3"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            {error && (
              <p className="text-danger small" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn-primary w-100" disabled={busy || !email.trim()}>
              {busy ? TEXT.sending : TEXT.submit}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
