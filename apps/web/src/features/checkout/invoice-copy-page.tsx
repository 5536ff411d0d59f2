// Route element of /invoice/copy/:id in the back-office app (spa-checkout-route.tsx).
import { InvoiceCopy } from './invoice-copy.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function InvoiceCopyPage() {
  return <SpaCheckoutRoute param="id" render={(id) => <InvoiceCopy id={id} />} />;
}
