// Route element of /invoice/copy/:id in the back-office app (spa-checkout-route.tsx).
import { useParams } from 'react-router';
import { InvoiceCopy } from './invoice-copy.tsx';
import { SpaCheckoutRoute } from './spa-checkout-route.tsx';

export function InvoiceCopyPage() {
  const { id = '' } = useParams();
  return (
    <SpaCheckoutRoute>
      <InvoiceCopy id={id} />
    </SpaCheckoutRoute>
  );
}
