import { PublicComingSoon } from '../../components/public-coming-soon.tsx';

export function InvoiceCheckoutPage() {
  return <PublicComingSoon title="Invoice payment" description="Pay an invoice securely." />;
}
