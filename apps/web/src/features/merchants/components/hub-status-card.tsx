import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import type { AuditEntry } from '@kassa/contract/audit';
import type { Hub, MerchantAdminProfile } from '@kassa/contract/merchants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { changeHubStatus } from '../api/merchants-api.ts';

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

function HubStatusModal({
  merchantId,
  hub,
  hubName,
  current,
  onHide,
  onDone,
}: {
  merchantId: string;
  hub: Hub;
  hubName: string;
  current: number;
  onHide: () => void;
  onDone: () => Promise<void>;
}) {
  const [status, setStatus] = useState(current);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const response = await changeHubStatus(merchantId, {
        hub,
        status,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      showToast('success', response.message ?? `${hubName} status changed.`);
      await onDone();
    } catch (error) {
      toastApiError(error, 'The status could not be changed.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal contentClassName="bg-white" show onHide={onHide} aria-labelledby="hub-status-title">
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="hub-status-title">Change {hubName} status</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="hub-status-select">
            <Form.Label>Status</Form.Label>
            <Form.Select
              value={status}
              onChange={(event) => setStatus(Number(event.target.value))}
              data-testid="hub-status-select"
            >
              {Object.entries(HUB_STATUS_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Form.Select>
            <Form.Text>Only Active lets the merchant use the {hubName}.</Form.Text>
          </Form.Group>
          <Form.Group controlId="hub-status-note">
            <Form.Label>Note (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Why the status changes; kept in the merchant's history"
              data-testid="hub-status-note"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending || status === current} data-testid="hub-status-submit">
            {pending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Save status
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
