// How a buyer page moves to another address without depending on a router: the host provides
// `navigate` — the checkout entry's path matcher (checkout-app/) or react-router in the back-office
// app (the *-page.tsx adapters). Without a host, every move is a full page load.
import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';
import { leavePage } from './navigate-away.ts';

export type CheckoutNavigate = (path: string, options?: { replace?: boolean }) => void;

const NavigateContext = createContext<CheckoutNavigate>(leavePage);

export const CheckoutNavigationProvider = NavigateContext.Provider;

export const useCheckoutNavigate = () => useContext(NavigateContext);

/** A link that stays in the page when the host can show `to` (a plain click), a normal link otherwise. */
export function CheckoutLink({ to, ...props }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useCheckoutNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (modified || event.defaultPrevented) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} {...props} onClick={onClick} />;
}
