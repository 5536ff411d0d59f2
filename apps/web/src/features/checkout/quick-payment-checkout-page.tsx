import { PublicComingSoon } from '../../components/public-coming-soon.tsx';

export function QuickPaymentCheckoutPage() {
  return <PublicComingSoon title="Quick payment" description="Pay a fixed amount securely." />;
}
