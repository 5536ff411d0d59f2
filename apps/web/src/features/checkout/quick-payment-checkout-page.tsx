// Route element of /quickpayment/checkout/:id in the back-office app (spa-checkout-route.tsx).
import { useParams } from 'react-router';
import { QuickPaymentCheckout } from './quick-payment-checkout.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function QuickPaymentCheckoutPage() {
  const { id = '' } = useParams();
  return (
    <SpaCheckoutRoute>
      <QuickPaymentCheckout id={id} />
    </SpaCheckoutRoute>
  );
}
