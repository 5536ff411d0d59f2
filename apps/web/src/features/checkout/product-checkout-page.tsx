// Route element of /checkout/:productId in the back-office app (spa-checkout-route.tsx).
import { ProductCheckout } from './product-checkout.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function ProductCheckoutPage() {
  return <SpaCheckoutRoute param="productId" render={(productId) => <ProductCheckout productId={productId} />} />;
}
