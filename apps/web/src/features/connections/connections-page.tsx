// Financing Hub: the financing partners offered to the merchant's industry (docs/product-rules.md#routes Connections),
// each opened through the signed single sign-on (POST /connection/sso-login/). A refusal shows the
// partner's or the server's message, else "User not provisioned" (docs/product-rules.md#error-messages).
import { type ReactNode, useState } from 'react';
import Card from 'react-bootstrap/Card';
import { EntityLogo } from '../../components/data-list/entity-logo.tsx';
import { ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { toastApiError } from '../../lib/toast.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { ssoLogin, useFinancialPartners } from './api/financial-partners-api.ts';
import './connections.css';
import { openPartnerTab } from './open-partner.ts';

export function ConnectionsPage() {
  const { t } = usePortalI18n();
  const { data, error, mutate } = useFinancialPartners();
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (partnerId: string) => {
    const tab = openPartnerTab();
    setOpening(partnerId);
    try {
      const { url } = await ssoLogin(partnerId);
      tab.go(url);
    } catch (err) {
      tab.close();
      toastApiError(err, t('connections.ssoFailed'));
    } finally {
      setOpening(null);
    }
  };

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!data) body = <ListLoading label={t('connections.loading')} />;
  else if (data.length === 0) {
    body = (
      <div className="empty-state" data-testid="partners-empty">
        <span className="empty-state-icon">
          <Icon name="connections" />
        </span>
        <h2 className="h5">{t('connections.empty.title')}</h2>
        <p className="text-body-secondary mb-0" style={{ maxWidth: 480 }}>
          {t('connections.empty.text')}
        </p>
      </div>
    );
  } else {
    body = (
      <div className="partner-grid" data-testid="partner-list">
        {data.map((partner) => (
          <Card key={partner.id} className="partner-card" data-testid="partner-card">
            <Card.Body>
              <div className="d-flex align-items-center gap-3 mb-3">
                <EntityLogo src={partner.logo} name={partner.name} size={48} />
                <h2 className="h6 mb-0" data-testid="partner-name">
                  {partner.name}
                </h2>
              </div>
              <p className="partner-description">{partner.description || t('connections.defaultDescription')}</p>
              <PendingButton
                pending={opening === partner.id}
                disabled={opening !== null}
                label={t('connections.open')}
                pendingLabel={t('connections.opening')}
                onClick={() => void open(partner.id)}
                testId="partner-open"
              />
            </Card.Body>
          </Card>
        ))}
      </div>
    );
  }

  return (
    <section>
      <PageHeader title={t('connections.title')} description={t('connections.description')} />
      {body}
    </section>
  );
}
