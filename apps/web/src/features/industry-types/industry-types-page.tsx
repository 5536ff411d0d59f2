import { ComingSoon } from '../../components/coming-soon.tsx';

export function IndustryTypesPage() {
  return <ComingSoon title="Industry Type" description="The industry types merchants are classified by." />;
}
