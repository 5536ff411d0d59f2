// The top card of the merchant detail page: logo, name, the badges that say what state the merchant
// is in (blocked, removed, master of sub-merchants), and the actions a platform admin may take.
import type { MerchantAdminProfile } from '@kassa/contract/merchants';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function MerchantHeroCard({ merchant, actions }: { merchant: MerchantAdminProfile; actions: ReactNode }) {
  const { t } = usePortalI18n();
  return (
    <Card className="mb-4">
      <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <div className="merchant-hero">
          <EntityLogo src={merchant.logo} name={merchant.name} size={56} />
          <div>
            <h2 className="h4 mb-1" data-testid="merchant-name">
              {merchant.name}
            </h2>
            <div className="d-flex flex-wrap gap-2">
              {merchant.is_blocked && (
                <Badge bg="danger" data-testid="merchant-blocked">
                  {t('merchants.blocked')}
                </Badge>
              )}
              {merchant.removed_at !== null && <Badge bg="dark">{t('merchants.removed')}</Badge>}
              {merchant.sub_merchant_count > 0 && (
                <Badge bg="info" text="dark">
                  {t('merchants.masterOf', { count: merchant.sub_merchant_count })}
                </Badge>
              )}
              <span className="text-body-secondary small">{merchant.email}</span>
            </div>
          </div>
        </div>
        {actions}
      </Card.Body>
    </Card>
  );
}
