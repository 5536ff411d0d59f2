import { ComingSoon } from '../../components/coming-soon.tsx';

export function DashboardPage() {
  return <ComingSoon title="Dashboard" description="Volume, refunds and conversion over a date range." />;
}
