import { ComingSoon } from '../../components/coming-soon.tsx';

export function QuickPaymentsPage() {
  return (
    <ComingSoon title="Quick Payments" description="Payment links for a fixed amount, shared by link or QR code." />
  );
}
