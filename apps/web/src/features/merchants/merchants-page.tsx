import { ComingSoon } from '../../components/coming-soon.tsx';

export function MerchantsPage() {
  return (
    <ComingSoon
      title="Merchants"
      description="Register merchants, search them and follow their Payment Hub and Financing Hub status."
    />
  );
}
