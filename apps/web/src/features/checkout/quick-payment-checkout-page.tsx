// Route element of /quickpayment/checkout/:id in the back-office app (spa-checkout-route.tsx).
import { QuickPaymentCheckout } from './quick-payment-checkout.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function QuickPaymentCheckoutPage() {
  return <SpaCheckoutRoute param="id" render={(id) => <QuickPaymentCheckout id={id} />} />;
}
