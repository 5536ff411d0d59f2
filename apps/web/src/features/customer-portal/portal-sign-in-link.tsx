// The e-mailed sign-in link's page: it uses the link once (the server sets the portal's cookie) and
// moves on to the merchant's portal. The token travels in the request body, never in a later address.

import {
  CHECKOUT_RETURN_PARAM,
  customerPortalPagePath,
  isCheckoutReturnPath,
} from '@kassa/contract/customer-portal-rules';
import { useEffect, useRef, useState } from 'react';
import { CheckoutSpinner, CheckoutUnavailable, checkoutErrorMessage, useCheckoutNavigate } from '../checkout/index.ts';
import { signInWithLink } from './portal-api.ts';

const TEXT = {
  signingIn: 'Signing you in…',
  failedTitle: 'Sign-in link not valid',
  failed: 'This sign-in link has expired or was already used. Ask for a new one.',
};

/** A public checkout the link was asked from (docs/product-rules.md#saved-cards-on-a-public-checkout), else null. */
function checkoutToReturnTo(): string | null {
  const path = new URLSearchParams(window.location.search).get(CHECKOUT_RETURN_PARAM);
  return path && isCheckoutReturnPath(path) ? path : null;
}

export function PortalSignInLink({ token }: { token: string }) {
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
  if (error) return <CheckoutUnavailable title={TEXT.failedTitle} message={checkoutErrorMessage(error, TEXT.failed)} />;
  return <CheckoutSpinner label={TEXT.signingIn} />;
}
