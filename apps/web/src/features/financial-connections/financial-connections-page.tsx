import { ComingSoon } from '../../components/coming-soon.tsx';

export function FinancialConnectionsPage() {
  return (
    <ComingSoon
      title="Financial Connections"
      description="Financing partners merchants can reach from their Financing Hub."
    />
  );
}
