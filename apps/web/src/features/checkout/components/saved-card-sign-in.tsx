// Above the card fields of a public checkout (docs/product-rules.md#saved-cards-on-a-public-checkout):
// a buyer signed in to this merchant's customer portal reads whose saved cards the fields offer; anyone
// else may ask for the portal's e-mailed sign-in link, which brings them back to this checkout. The
// link goes out only to a customer's address, and the answer is the same for any address.
import { isCheckoutReturnPath } from '@kassa/contract/customer-portal-rules';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import { sendSavedCardSignInLink } from '../api/checkout-api.ts';
import { buyerErrorMessage } from '../api/checkout-fetch.ts';
import type { SavedCardBinding } from '../use-saved-card-binding.ts';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** This page, when a sign-in link may bring the buyer back to it (a product, payment link or invoice checkout). */
const returnPath = () => (isCheckoutReturnPath(window.location.pathname) ? window.location.pathname : null);

export function SavedCardSignIn({ binding, merchantId }: { binding: SavedCardBinding; merchantId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (binding.state === 'checking') {
    return (
      <p className="text-body-secondary small" role="status" data-testid="saved-cards-checking">
        {t('savedCards.checking')}
      </p>
    );
  }
  if (binding.state === 'bound') {
    return (
      <p className="small mb-2" data-testid="saved-cards-signed-in">
        {t('savedCards.signedIn', { name: binding.customerName })}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setError(t('savedCards.emailInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendSavedCardSignInLink(merchantId, address, returnPath());
      setSent(true);
    } catch (e) {
      setError(buyerErrorMessage(e, t('savedCards.failed'), i18n));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="saved-card-sign-in mb-3" data-testid="saved-cards-sign-in">
      {binding.message && (
        <p className="text-body-secondary small" data-testid="saved-cards-refused">
          {binding.message}
        </p>
      )}
      {sent ? (
        <p className="small mb-0" role="status" data-testid="saved-cards-link-sent">
          {t('savedCards.sent')}
        </p>
      ) : !open ? (
        <button
          type="button"
          className="btn btn-link p-0"
          onClick={() => setOpen(true)}
          data-testid="saved-cards-offer"
        >
          {t('savedCards.offer')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate data-testid="saved-cards-form">
          <p className="text-body-secondary small">{t('savedCards.intro')}</p>
          <label className="d-block mb-1" htmlFor="saved-cards-email">
            {t('savedCards.emailLabel')}
          </label>
          <input
            id="saved-cards-email"
            type="email"
            autoComplete="email"
            className="form-control mb-2"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          {error && (
            <p className="text-danger small" role="alert">
              {error}
            </p>
          )}
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
              {busy ? t('savedCards.sending') : t('savedCards.send')}
            </button>
            <button type="button" className="btn btn-link btn-sm" onClick={() => setOpen(false)}>
              {t('savedCards.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
