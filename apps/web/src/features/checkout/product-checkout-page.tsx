// Route element of /checkout/:productId in the back-office app (spa-checkout-route.tsx).
import { useParams } from 'react-router';
import { ProductCheckout } from './product-checkout.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function ProductCheckoutPage() {
  const { productId = '' } = useParams();
  return (
    <SpaCheckoutRoute>
      <ProductCheckout productId={productId} />
    </SpaCheckoutRoute>
  );
}
