// Developers (settings group, owners and staff): API keys, and the webhooks section below them.
import { ROLE } from '@kassa/contract/access';
import Alert from 'react-bootstrap/Alert';
import { PageHeader } from '../../components/page-header.tsx';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { ApiKeysSection } from './components/api-keys-section.tsx';
import { WebhooksSection } from './components/webhooks-section.tsx';

export const DEVELOPERS_OWNERS_ONLY = 'Only the merchant’s owner and staff manage API keys and webhooks.';

export function DevelopersPage() {
  const role = useSessionSelector((s) => s.auth.user?.role);
  const isEmbedded = useSessionSelector((s) => s.embedSession.allowedTabs !== null);
  const mayManage = (role === ROLE.MERCHANT_OWNER || role === ROLE.MERCHANT_STAFF) && !isEmbedded;
  return (
    <>
      <PageHeader
        title="Developers"
        description="Build on the Kassa API: keys for your servers, and webhooks that tell them what happened."
      />
      {mayManage ? (
        <>
          <ApiKeysSection />
          <WebhooksSection />
        </>
      ) : (
        <Alert variant="warning" data-testid="developers-refused">
          {DEVELOPERS_OWNERS_ONLY}
        </Alert>
      )}
    </>
  );
}
