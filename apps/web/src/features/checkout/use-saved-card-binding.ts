// Saved cards on a public checkout (docs/product-rules.md#saved-cards-on-a-public-checkout): a buyer
// signed in to this merchant's customer portal gets the checkout's card token back with their customer
// bound, and the hosted fields offer their saved cards. The page asks only when the portal's hint
// cookie names this merchant, so no other buyer's checkout makes the request; the hint opens nothing.
import type { CheckoutTokenData } from '@kassa/contract/checkout';
import { CUSTOMER_PORTAL_HINT_COOKIE } from '@kassa/contract/customer-portal-rules';
import { useEffect, useState } from 'react';
import type { BuyerDetails } from '../../components/payment/payment-widget.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { bindSavedCards } from './api/checkout-api.ts';
import { buyerErrorMessage } from './api/checkout-fetch.ts';

export type SavedCardBinding =
  | { state: 'checking' }
  | { state: 'bound'; token: string; customerName: string; buyer: BuyerDetails | null }
  | { state: 'signed-out'; message: string | null };

const CHECKING: SavedCardBinding = { state: 'checking' };
const SIGNED_OUT: SavedCardBinding = { state: 'signed-out', message: null };

/** The merchant whose customer portal this browser is signed in to, from the hint cookie; null when none. */
export function portalMerchantInBrowser(cookies: string = document.cookie): string | null {
  const prefix = `${CUSTOMER_PORTAL_HINT_COOKIE}=`;
  const found = cookies.split(/;\s*/).find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) || null : null;
}

/** The name and e-mail the card fields would ask, when the customer's name has a first and a last part. */
export function buyerOfCustomer(name: string, email: string | null): BuyerDetails | null {
  const parts = name.trim().split(/\s+/);
  if (!email || parts.length < 2) return null;
  return { firstName: parts[0], lastName: parts.slice(1).join(' '), email };
}

export function useSavedCardBinding(session: CheckoutTokenData): SavedCardBinding {
  const i18n = useI18n();
  const tokenCard = session.token_card;
  const signedIn = tokenCard !== null && portalMerchantInBrowser() === session.merchant_id;
  const [binding, setBinding] = useState<{ token: string; value: SavedCardBinding } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one request per checkout token; the translator only words a refusal.
  useEffect(() => {
    if (!signedIn || !tokenCard) return;
    let current = true;
    bindSavedCards(tokenCard).then(
      (bound) =>
        current &&
        setBinding({
          token: tokenCard,
          value: {
            state: 'bound',
            token: bound.token_card,
            customerName: bound.customer_name,
            buyer: buyerOfCustomer(bound.customer_name, bound.customer_email),
          },
        }),
      (error: unknown) => {
        if (!current) return;
        // Signed out (the session ended): simply the offer to sign in. Any other refusal says why.
        const code = error && typeof error === 'object' && 'code' in error ? error.code : null;
        const message = code === 'unauthorized' ? null : buyerErrorMessage(error, i18n.t('savedCards.failed'), i18n);
        setBinding({ token: tokenCard, value: { state: 'signed-out', message } });
      },
    );
    return () => {
      current = false;
    };
  }, [signedIn, tokenCard]);
  if (!signedIn) return SIGNED_OUT;
  return binding?.token === tokenCard ? binding.value : CHECKING;
}
