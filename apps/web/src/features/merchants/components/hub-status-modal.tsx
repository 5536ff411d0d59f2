// The dialog in which a platform admin changes one hub's status, with an optional note kept in the
// merchant's audit history (shown under the hub on the hub status card).
import { HUB_STATUS } from '@kassa/contract/access';
import type { Hub } from '@kassa/contract/merchants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { hubStatusLabel } from '../../../lib/portal-labels.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { changeHubStatus } from '../api/merchants-api.ts';

export function HubStatusModal({
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
  const { t } = usePortalI18n();
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
      showToast('success', apiSuccessMessage(response.message, t('merchants.hubs.changed', { hub: hubName })));
      await onDone();
    } catch (error) {
      toastApiError(error, t('merchants.hubs.changeFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal contentClassName="bg-white" show onHide={onHide} aria-labelledby="hub-status-title">
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="hub-status-title">{t('merchants.hubs.modalTitle', { hub: hubName })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="hub-status-select">
            <Form.Label>{t('merchants.hubs.status')}</Form.Label>
            <Form.Select
              value={status}
              onChange={(event) => setStatus(Number(event.target.value))}
              data-testid="hub-status-select"
            >
              {Object.values(HUB_STATUS).map((value) => (
                <option key={value} value={value}>
                  {hubStatusLabel(t, value)}
                </option>
              ))}
            </Form.Select>
            <Form.Text>{t('merchants.hubs.onlyActive', { hub: hubName })}</Form.Text>
          </Form.Group>
          <Form.Group controlId="hub-status-note">
            <Form.Label>{t('merchants.hubs.note')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t('merchants.hubs.notePlaceholder')}
              data-testid="hub-status-note"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={pending}>
            {t('components.cancel')}
          </Button>
          <Button type="submit" disabled={pending || status === current} data-testid="hub-status-submit">
            {pending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('merchants.hubs.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
