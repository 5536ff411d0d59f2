// Opens the checkout session (docs/product-rules.md#checkout-payment-panel: the panel shows only when checkout data is available). The
// amount is fixed server-side in the signed session, so a change that alters it (the quantity) opens a
// new session; `delayMs` debounces quick changes so a buyer tapping "+" opens one session, not five.
import type { CheckoutTokenData } from '@kassa/contract/checkout';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { buyerErrorMessage } from './api/checkout-fetch.ts';

interface SessionState {
  session: CheckoutTokenData | null;
  error: string | null;
  loading: boolean;
}

export interface CheckoutSessionState extends SessionState {
  /** Opens a fresh session for the same key (after a failed payment). */
  reopen: () => void;
}

export const SESSION_DEBOUNCE_MS = 400;

/** `key` names what the session is for; a new key opens a new session. A null opener waits. */
export function useCheckoutSession(
  key: string,
  opener: (() => Promise<CheckoutTokenData>) | null,
  delayMs = 0,
): CheckoutSessionState {
  const [state, setState] = useState<SessionState>({ session: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  // The first session opens at once; only later changes wait for the buyer to stop changing things.
  const hasOpened = useRef(false);
  const i18n = useI18n();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when to reopen; the opener closes over it.
  useEffect(() => {
    if (!opener) return;
    let current = true;
    // The old session would charge the old amount: it disappears until the new one arrives.
    setState({ session: null, loading: true, error: null });
    const timer = setTimeout(
      () => {
        opener().then(
          (session) => current && setState({ session, error: null, loading: false }),
          (error: unknown) =>
            current &&
            setState({
              session: null,
              error: buyerErrorMessage(error, i18n.t('error.paymentUnavailable'), i18n),
              loading: false,
            }),
        );
      },
      hasOpened.current ? delayMs : 0,
    );
    hasOpened.current = true;
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, attempt, opener === null, delayMs]);
  return { ...state, reopen: () => setAttempt((n) => n + 1) };
}
