// The portal's sign-in: the customer's e-mail address, and a link comes by e-mail. The answer is the
// same whether or not the address is a customer's (the server's message says so).
import { type FormEvent, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { checkoutErrorMessage } from '../checkout/index.ts';
import { askSignInLink } from './portal-api.ts';

export function PortalSignInForm({ merchantId }: { merchantId: string }) {
  const { t } = useI18n();
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
      setError(checkoutErrorMessage(e, t('customerPortal.signIn.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card checkout-card" aria-labelledby="portal-sign-in-heading">
      <div className="card-body">
        <h2 id="portal-sign-in-heading" className="h4" data-testid="page-title">
          {t('customerPortal.signIn.title')}
        </h2>
        {sent ? (
          <p className="mb-0" role="status" data-testid="portal-link-sent">
            {t('customerPortal.signIn.sent')}
          </p>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="text-body-secondary">{t('customerPortal.signIn.intro')}</p>
            <label className="d-block mb-1" htmlFor="portal-email">
              {t('customerPortal.signIn.email')}
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
              {busy ? t('customerPortal.signIn.sending') : t('customerPortal.signIn.submit')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
