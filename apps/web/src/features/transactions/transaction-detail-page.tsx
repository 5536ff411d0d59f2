import { ComingSoon } from '../../components/coming-soon.tsx';

export function TransactionDetailPage() {
  return <ComingSoon title="Transaction details" description="The payment's timeline, buyer, card and refunds." />;
}
