import { ComingSoon } from '../../components/coming-soon.tsx';

export function ConnectionsPage() {
  return (
    <ComingSoon title="Connections" description="Financing partners for your industry, opened with single sign-on." />
  );
}
