// Route element of /invoice/checkout/:id in the back-office app (spa-checkout-route.tsx).
import { InvoiceCheckout } from './invoice-checkout.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function InvoiceCheckoutPage() {
  return <SpaCheckoutRoute param="id" render={(id) => <InvoiceCheckout id={id} />} />;
}
