// The buyer pages inside the back-office app (app/router.tsx): the dev server and in-app navigation
// render them there, with react-router's navigate. A full page load of these paths gets the checkout
// entry instead (checkout.html, served by the API for them), which renders the same pages without the
// back-office runtime (issue 6).
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CheckoutNavigationProvider } from './checkout-navigation.tsx';

export function SpaCheckoutRoute({ children }: { children: ReactNode }) {
  return <CheckoutNavigationProvider value={useNavigate()}>{children}</CheckoutNavigationProvider>;
}
