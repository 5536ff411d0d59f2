import { PublicComingSoon } from '../../components/public-coming-soon.tsx';

export function EmbedPage() {
  return <PublicComingSoon title="Embedded portal" description="Open Kassa from inside your own website." />;
}
