import { ComingSoon } from '../../components/coming-soon.tsx';

export function EmbedSettingsPage() {
  return <ComingSoon title="Embed Settings" description="Allowed parent domains, allowed tabs and the embed token." />;
}
