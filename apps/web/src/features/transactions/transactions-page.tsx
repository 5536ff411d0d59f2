import { ComingSoon } from '../../components/coming-soon.tsx';

export function TransactionsPage() {
  return (
    <ComingSoon
      title="Transactions"
      description="Payments with their status, amount and buyer; refunds and receipts."
    />
  );
}
