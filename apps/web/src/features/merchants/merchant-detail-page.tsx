import { ComingSoon } from '../../components/coming-soon.tsx';

export function MerchantDetailPage() {
  return (
    <ComingSoon
      title="Merchant detail"
      description="The merchant's profile, hub statuses, users, providers and recent transactions."
    />
  );
}
