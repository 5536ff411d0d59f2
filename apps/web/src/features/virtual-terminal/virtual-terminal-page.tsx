import { ComingSoon } from '../../components/coming-soon.tsx';

export function VirtualTerminalPage() {
  return <ComingSoon title="Virtual Terminal" description="Key in a card payment for a customer." />;
}
