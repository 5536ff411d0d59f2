import { ComingSoon } from '../../components/coming-soon.tsx';

export function SetupPage() {
  return <ComingSoon title="Setup" description="Your business profile and logo." />;
}
