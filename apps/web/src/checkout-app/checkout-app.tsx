// The checkout entry's app (checkout-main.tsx): the buyer page the address names, nothing else. Moves
// between buyer pages (the public invoice's "Pay" link) stay in the page through the History API; any
// other address (the quick payment's products redirect, docs/product-rules.md#states-and-transitions) is a full page load into the
// back-office app.

import { type CheckoutRoute, matchCheckoutRoute } from '@kassa/contract/buyer-pages';
import { useCallback, useEffect, useState } from 'react';
import { AddCard } from '../features/checkout/add-card.tsx';
import { AuthenticatePayment } from '../features/checkout/authenticate-payment.tsx';
import { type CheckoutNavigate, CheckoutNavigationProvider } from '../features/checkout/checkout-navigation.tsx';
import { CheckoutUnavailable } from '../features/checkout/components/checkout-frame.tsx';
import { InvoiceCheckout } from '../features/checkout/invoice-checkout.tsx';
import { InvoiceCopy } from '../features/checkout/invoice-copy.tsx';
import { leavePage } from '../features/checkout/navigate-away.ts';
import { ProductCheckout } from '../features/checkout/product-checkout.tsx';
import { QuickPaymentCheckout } from '../features/checkout/quick-payment-checkout.tsx';
import { CustomerPortal } from '../features/customer-portal/customer-portal.tsx';
import { PortalSignInLink } from '../features/customer-portal/portal-sign-in-link.tsx';
import { useI18n } from '../lib/i18n.tsx';

function CheckoutPage({ route }: { route: CheckoutRoute | null }) {
  const { t } = useI18n();
  switch (route?.page) {
    case 'product':
      return <ProductCheckout key={route.id} productId={route.id} />;
    case 'quick-payment':
      return <QuickPaymentCheckout key={route.id} id={route.id} />;
    case 'invoice-checkout':
      return <InvoiceCheckout key={route.id} id={route.id} />;
    case 'invoice-copy':
      return <InvoiceCopy key={route.id} id={route.id} />;
    case 'add-card':
      return <AddCard key={route.id} token={route.id} />;
    case 'authenticate-payment':
      return <AuthenticatePayment key={route.id} token={route.id} />;
    case 'customer-portal':
      return <CustomerPortal key={route.id} merchantId={route.id} />;
    case 'customer-portal-sign-in':
      return <PortalSignInLink key={route.id} token={route.id} />;
    default:
      return <CheckoutUnavailable title={t('frame.pageNotFound')} message={t('frame.checkLink')} />;
  }
}

export function CheckoutApp() {
  const { t } = useI18n();
  const [pathname, setPathname] = useState(window.location.pathname);
  // The tab's title in the buyer's language: checkout.html's own is written before the language is known.
  useEffect(() => {
    document.title = t('frame.documentTitle');
  }, [t]);
  useEffect(() => {
    const onPopState = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<CheckoutNavigate>((path, options) => {
    if (!matchCheckoutRoute(path)) return leavePage(path, options);
    if (options?.replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    window.scrollTo(0, 0);
    setPathname(path);
  }, []);

  return (
    <CheckoutNavigationProvider value={navigate}>
      <CheckoutPage route={matchCheckoutRoute(pathname)} />
    </CheckoutNavigationProvider>
  );
}
