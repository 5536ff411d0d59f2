import { ComingSoon } from '../../components/coming-soon.tsx';

export function AllConfiguredProvidersPage() {
  return (
    <ComingSoon
      title="All Configured Providers"
      description="Every merchant's provider connections with their kind, provider and status."
    />
  );
}
