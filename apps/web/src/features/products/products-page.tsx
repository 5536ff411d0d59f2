import { ComingSoon } from '../../components/coming-soon.tsx';

export function ProductsPage() {
  return <ComingSoon title="Products" description="Products with their price and a checkout link to share." />;
}
