import { PublicComingSoon } from '../../components/public-coming-soon.tsx';

export function InvoiceCopyPage() {
  return <PublicComingSoon title="Invoice" description="View an invoice sent to you." />;
}
