import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import type { AuditEntry } from '@kassa/contract/audit';
import type { Hub, MerchantAdminProfile } from '@kassa/contract/merchants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { hubStatusLabel } from '../../../lib/portal-labels.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { HubStatusModal } from './hub-status-modal.tsx';

type HubEntry = { hub: Hub; name: string; field: 'payment_hub_status' | 'finance_hub_status' };

/**
 * Both hubs' statuses (docs/ARCHITECTURE.md: only Active lets the hub's endpoints work), the change control
 * for a platform admin, and each hub's history from the audit trail.
 */
export function HubStatusCard({
  merchant,
  audit,
  canChange,
  onChanged,
}: {
  merchant: MerchantAdminProfile;
  audit: AuditEntry[];
  canChange: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t, locale } = usePortalI18n();
  const [editing, setEditing] = useState<HubEntry | null>(null);
  const hubs: HubEntry[] = [
    { hub: 'payment', name: t('nav.group.paymentHub'), field: 'payment_hub_status' },
    { hub: 'finance', name: t('nav.group.financingHub'), field: 'finance_hub_status' },
  ];
  const statusName = (value: unknown) => (HUB_STATUS_LABEL[Number(value)] ? hubStatusLabel(t, Number(value)) : '?');
  return (
    <Card className="h-100" data-testid="hub-status-card">
      <Card.Body>
        <h2 className="section-title mb-3">{t('merchants.hubs.title')}</h2>
        {hubs.map((entry) => {
          const history = audit.filter(
            (item) => item.action === 'merchant.hub_status_changed' && item.data?.hub === entry.hub,
          );
          return (
            <div key={entry.hub} className="mb-3 pb-3 border-bottom" data-testid={`hub-${entry.hub}`}>
              <div className="d-flex align-items-center justify-content-between gap-2">
                <div>
                  <div className="fw-semibold">{entry.name}</div>
                  <HubStatusBadge hub={entry.name} status={merchant[entry.field]} compact />
                </div>
                {canChange && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => setEditing(entry)}
                    data-testid={`change-hub-${entry.hub}`}
                  >
                    {t('merchants.hubs.change')}
                  </Button>
                )}
              </div>
              {history.length > 0 ? (
                <ul className="list-unstyled small mt-2 mb-0" data-testid={`hub-history-${entry.hub}`}>
                  {history.map((item) => (
                    <li key={item.id} className="text-body-secondary">
                      {t('merchants.hubs.historyLine', {
                        when: formatDateTime(item.created_at, '—', locale),
                        from: statusName(item.data?.from),
                        to: statusName(item.data?.to),
                        who: item.actor_name ?? t('merchants.hubs.system'),
                      })}
                      {typeof item.data?.note === 'string' && (
                        <span className="d-block fst-italic">“{item.data.note}”</span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="small text-body-secondary mt-2 mb-0">{t('merchants.hubs.noChanges')}</p>
              )}
            </div>
          );
        })}
      </Card.Body>
      {editing && (
        <HubStatusModal
          merchantId={merchant.id}
          hub={editing.hub}
          hubName={editing.name}
          current={merchant[editing.field]}
          onHide={() => setEditing(null)}
          onDone={async () => {
            setEditing(null);
            await onChanged();
          }}
        />
      )}
    </Card>
  );
}
