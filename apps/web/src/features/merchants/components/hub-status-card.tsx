import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import type { AuditEntry } from '@kassa/contract/audit';
import type { Hub, MerchantAdminProfile } from '@kassa/contract/merchants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { HubStatusModal } from './hub-status-modal.tsx';

const HUBS: { hub: Hub; name: string; field: 'payment_hub_status' | 'finance_hub_status' }[] = [
  { hub: 'payment', name: 'Payment Hub', field: 'payment_hub_status' },
  { hub: 'finance', name: 'Financing Hub', field: 'finance_hub_status' },
];

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
  const [editing, setEditing] = useState<(typeof HUBS)[number] | null>(null);
  return (
    <Card className="h-100" data-testid="hub-status-card">
      <Card.Body>
        <h2 className="section-title mb-3">Hub status</h2>
        {HUBS.map((entry) => {
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
                    Change
                  </Button>
                )}
              </div>
              {history.length > 0 ? (
                <ul className="list-unstyled small mt-2 mb-0" data-testid={`hub-history-${entry.hub}`}>
                  {history.map((item) => (
                    <li key={item.id} className="text-body-secondary">
                      {formatDateTime(item.created_at)} · {HUB_STATUS_LABEL[Number(item.data?.from)] ?? '?'} →{' '}
                      {HUB_STATUS_LABEL[Number(item.data?.to)] ?? '?'} by {item.actor_name ?? 'system'}
                      {typeof item.data?.note === 'string' && (
                        <span className="d-block fst-italic">“{item.data.note}”</span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="small text-body-secondary mt-2 mb-0">No changes since registration.</p>
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
