import { ComingSoon } from '../../components/coming-soon.tsx';

export function WelcomePage() {
  return (
    <ComingSoon
      title="Welcome"
      description="The steps to go live: business profile, payment connection and first product."
    />
  );
}
