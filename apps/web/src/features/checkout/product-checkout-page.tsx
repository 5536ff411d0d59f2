import { PublicComingSoon } from '../../components/public-coming-soon.tsx';

export function ProductCheckoutPage() {
  return <PublicComingSoon title="Checkout" description="Pay for a product securely." />;
}
