// One page per connection kind (docs/product-rules.md#routes: /paymentservice, /giftcardservice, /digitalwallet,
// /antifraudservice): the merchant's connections of that kind with their masked
// credentials, verification and enable switch, and the form to connect another provider of the
// kind. The gift card service also issues sandbox gift cards.
import { APP } from '@kassa/contract/access';
import { CONNECTIONS_NOT_ALLOWED, type ConnectionKind } from '@kassa/contract/connections';
import { type ReactNode, useState } from 'react';
import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useConnections, useProviders } from './api/payment-connections-api.ts';
import { ConnectionCard } from './components/connection-card.tsx';
import { GiftCardPanel } from './components/gift-card-panel.tsx';
import { NewConnectionForm } from './components/new-connection-form.tsx';
import { KIND_ORDER, kindCopy } from './kind-copy.ts';
import { isNotAllowed } from './not-allowed.ts';
import './payment-connections.css';

export function PaymentConnectionPage({ kind }: { kind: ConnectionKind }) {
  const { t } = usePortalI18n();
  const copy = kindCopy(t, kind);
  const rights = useAppRights(APP.PAYMENT_CONNECTIONS);
  const connections = useConnections(kind);
  const providers = useProviders(kind);
  const [refusal, setRefusal] = useState<string | null>(null);

  const listError = connections.error ?? providers.error;
  // Known from the session up front; a refusal can still arrive if the admin changes it meanwhile.
  const allowConnections = useSessionSelector((s) => s.auth.user?.merchant?.allow_connections ?? false);
  const notAllowed =
    refusal ?? (!allowConnections ? CONNECTIONS_NOT_ALLOWED : isNotAllowed(listError) ? listError.message : null);
  const providerList = providers.data ?? [];
  const connected = connections.data ?? [];
  const available = providerList.filter((p) => !connected.some((c) => c.provider === p.id));

  let body: ReactNode;
  if (notAllowed) {
    body = (
      <div className="empty-state" data-testid="connections-not-allowed">
        <span className="empty-state-icon">
          <Icon name="payment-connections" />
        </span>
        <h2 className="h5">{t('paymentConnections.notAvailable')}</h2>
        <p className="text-body-secondary mb-0" style={{ maxWidth: 520 }}>
          {notAllowed} {t('paymentConnections.untilThen')}
        </p>
      </div>
    );
  } else if (listError && (!connections.data || !providers.data)) {
    body = (
      <ListError
        error={listError}
        onRetry={() => {
          void connections.mutate();
          void providers.mutate();
        }}
      />
    );
  } else if (!connections.data || !providers.data) {
    body = <ListLoading label={t('paymentConnections.loading')} />;
  } else {
    body = (
      <div className="connection-stack">
        {connected.length === 0 && !rights.create && (
          <p className="text-body-secondary" data-testid="no-connection">
            {copy.noneConnected}
          </p>
        )}
        {connected.map((connection) => (
          <ConnectionCard
            key={`${connection.id}-${connection.updated_at}`}
            connection={connection}
            provider={providerList.find((p) => p.id === connection.provider)}
            rights={rights}
            onChanged={() => connections.mutate()}
            onNotAllowed={setRefusal}
          />
        ))}
        {rights.create && available.length > 0 && (
          <NewConnectionForm
            key={connected.length}
            kind={kind}
            providers={available}
            onSaved={() => connections.mutate()}
            onNotAllowed={setRefusal}
          />
        )}
        {kind === 'gift_card' && <GiftCardPanel canIssue={rights.create} />}
      </div>
    );
  }

  return (
    <section>
      <PageHeader title={copy.title} description={copy.description} />
      <Nav variant="tabs" className="connection-kinds mb-3" data-testid="connection-kinds">
        {KIND_ORDER.map((k) => (
          <Nav.Item key={k}>
            <Nav.Link as={NavLink} to={kindCopy(t, k).path} data-testid={`kind-tab-${k}`}>
              {kindCopy(t, k).title}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <p className="connection-explainer" data-testid="kind-explainer">
        {copy.atCheckout}
      </p>
      {body}
    </section>
  );
}
