// The buyer pages inside the back-office app (app/router.tsx): in-app navigation to their paths
// renders them there, with react-router's navigate. A page load of these paths gets the checkout entry
// instead (checkout.html, served for them by the API and the dev server), which renders the same pages
// without the back-office runtime.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CheckoutNavigationProvider } from './checkout-navigation.tsx';

export function SpaCheckoutRoute({ children }: { children: ReactNode }) {
  return <CheckoutNavigationProvider value={useNavigate()}>{children}</CheckoutNavigationProvider>;
}
