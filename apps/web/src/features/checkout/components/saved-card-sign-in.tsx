// Above the card fields of a public checkout (docs/product-rules.md#saved-cards-on-a-public-checkout):
// a buyer signed in to this merchant's customer portal reads whose saved cards the fields offer; anyone
// else may ask for the portal's e-mailed sign-in link, which brings them back to this checkout. The
// link goes out only to a customer's address, and the answer is the same for any address.
import { isCheckoutReturnPath } from '@kassa/contract/customer-portal-rules';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import { sendSavedCardSignInLink } from '../api/checkout-api.ts';
import { buyerErrorMessage } from '../api/checkout-fetch.ts';
import type { SavedCardBinding } from '../use-saved-card-binding.ts';
import { EmailLinkField, useEmailLinkRequest } from './email-link-field.tsx';

/** This page, when a sign-in link may bring the buyer back to it (a product, payment link or invoice checkout). */
const returnPath = () => (isCheckoutReturnPath(window.location.pathname) ? window.location.pathname : null);

export function SavedCardSignIn({ binding, merchantId }: { binding: SavedCardBinding; merchantId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  const request = useEmailLinkRequest({
    send: (email) => sendSavedCardSignInLink(merchantId, email, returnPath()),
    failed: (e) => buyerErrorMessage(e, t('savedCards.failed'), i18n),
    invalidMessage: t('savedCards.emailInvalid'),
  });

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

  return (
    <div className="saved-card-sign-in mb-3" data-testid="saved-cards-sign-in">
      {binding.message && (
        <p className="text-body-secondary small" data-testid="saved-cards-refused">
          {binding.message}
        </p>
      )}
      {request.sent ? (
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
        <form onSubmit={request.submit} noValidate data-testid="saved-cards-form">
          <p className="text-body-secondary small">{t('savedCards.intro')}</p>
          <EmailLinkField id="saved-cards-email" label={t('savedCards.emailLabel')} request={request} />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-outline-primary btn-sm" disabled={request.busy}>
              {request.busy ? t('savedCards.sending') : t('savedCards.send')}
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
