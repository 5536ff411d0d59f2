import { ComingSoon } from '../../components/coming-soon.tsx';

export function AddEditInvoicePage() {
  return <ComingSoon title="Invoice" description="Customer, items, discount, shipping and tax of an invoice." />;
}
