// The buyer pages inside the back-office app (app/router.tsx): in-app navigation to their paths
// renders them there, with react-router's navigate. A page load of these paths gets the checkout entry
// instead (checkout.html, served for them by the API and the dev server), which renders the same pages
// without the back-office runtime.
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CheckoutNavigationProvider } from './checkout-navigation.tsx';

/** A buyer page as a route element: `render` gets the record id from the path parameter `param`. */
export function SpaCheckoutRoute({ param, render }: { param: string; render: (id: string) => ReactNode }) {
  const { [param]: id = '' } = useParams();
  return <CheckoutNavigationProvider value={useNavigate()}>{render(id)}</CheckoutNavigationProvider>;
}
