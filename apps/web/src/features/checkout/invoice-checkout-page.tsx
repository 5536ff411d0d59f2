// Route element of /invoice/checkout/:id in the back-office app (spa-checkout-route.tsx).
import { useParams } from 'react-router';
import { InvoiceCheckout } from './invoice-checkout.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function InvoiceCheckoutPage() {
  const { id = '' } = useParams();
  return (
    <SpaCheckoutRoute>
      <InvoiceCheckout id={id} />
    </SpaCheckoutRoute>
  );
}
