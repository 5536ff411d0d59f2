import { ComingSoon } from '../../components/coming-soon.tsx';

export function SubMerchantsPage() {
  return <ComingSoon title="Sub-merchants" description="Merchants that belong to a master merchant." />;
}
