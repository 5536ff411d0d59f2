import type { ConnectionView } from '@kassa/contract/connections';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** A connection card's head: the provider, its role, how its last verification went; `children` sit on the right. */
export function ConnectionCardHead({ connection, children }: { connection: ConnectionView; children: ReactNode }) {
  const { t, locale } = usePortalI18n();
  return (
    <div className="connection-card-head">
      <div>
        <h2 className="h6 mb-1">
          <span data-testid="connection-provider">{connection.provider_name}</span>
          {connection.kind === 'payment_service' && (
            <Badge
              bg={connection.fallback ? 'secondary' : 'primary'}
              className="ms-2 align-middle"
              data-testid="connection-role"
            >
              {connection.fallback ? t('paymentConnections.role.fallback') : t('paymentConnections.role.main')}
            </Badge>
          )}
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary">
          <span data-testid="connection-status">
            <ProviderStatusBadge status={connection.status} />
          </span>
          <span data-testid="connection-last-verified">
            {connection.last_verified_at
              ? t('paymentConnections.lastVerified', {
                  when: formatDateTime(connection.last_verified_at, '—', locale),
                })
              : t('paymentConnections.notVerified')}
          </span>
        </div>
        {connection.last_verification_message && (
          <p className="small text-body-secondary mb-0 mt-1" data-testid="connection-last-message">
            {connection.last_verification_message}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}
