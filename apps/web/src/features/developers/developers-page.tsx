// Developers (settings group, owners and staff): API keys, and the webhooks section below them.
import { ROLE } from '@kassa/contract/access';
import Alert from 'react-bootstrap/Alert';
import { PageHeader } from '../../components/page-header.tsx';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { ApiKeysSection } from './components/api-keys-section.tsx';
import { WebhooksSection } from './components/webhooks-section.tsx';

export function DevelopersPage() {
  const { t } = usePortalI18n();
  const role = useSessionSelector((s) => s.auth.user?.role);
  const isEmbedded = useSessionSelector((s) => s.embedSession.allowedTabs !== null);
  const mayManage = (role === ROLE.MERCHANT_OWNER || role === ROLE.MERCHANT_STAFF) && !isEmbedded;
  return (
    <>
      <PageHeader title={t('developers.title')} description={t('developers.description')} />
      {mayManage ? (
        <>
          <ApiKeysSection />
          <WebhooksSection />
        </>
      ) : (
        <Alert variant="warning" data-testid="developers-refused">
          {t('developers.ownersOnly')}
        </Alert>
      )}
    </>
  );
}
