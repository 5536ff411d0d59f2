// The e-mailed sign-in link's page: it uses the link once (the server sets the portal's cookie) and
// moves on to the merchant's portal. The token travels in the request body, never in a later address.

import {
  CHECKOUT_RETURN_PARAM,
  customerPortalPagePath,
  isCheckoutReturnPath,
} from '@kassa/contract/customer-portal-rules';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { CheckoutSpinner, CheckoutUnavailable, checkoutErrorMessage, useCheckoutNavigate } from '../checkout/index.ts';
import { signInWithLink } from './portal-api.ts';

/** A public checkout the link was asked from (docs/product-rules.md#saved-cards-on-a-public-checkout), else null. */
function checkoutToReturnTo(): string | null {
  const path = new URLSearchParams(window.location.search).get(CHECKOUT_RETURN_PARAM);
  return path && isCheckoutReturnPath(path) ? path : null;
}

export function PortalSignInLink({ token }: { token: string }) {
  const { t } = useI18n();
  const navigate = useCheckoutNavigate();
  const [error, setError] = useState<unknown>(null);
  // StrictMode runs effects twice in development: the link is single-use, so it is sent once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    signInWithLink(token).then(
      ({ merchant_id }) => navigate(checkoutToReturnTo() ?? customerPortalPagePath(merchant_id), { replace: true }),
      setError,
    );
  }, [token, navigate]);
  if (error)
    return (
      <CheckoutUnavailable
        title={t('customerPortal.link.failedTitle')}
        message={checkoutErrorMessage(error, t('customerPortal.link.failed'))}
      />
    );
  return <CheckoutSpinner label={t('customerPortal.link.signingIn')} />;
}
