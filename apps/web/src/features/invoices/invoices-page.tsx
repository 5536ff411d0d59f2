import { ComingSoon } from '../../components/coming-soon.tsx';

export function InvoicesPage() {
  return <ComingSoon title="Invoices" description="Create, send and follow invoices until they are paid." />;
}
