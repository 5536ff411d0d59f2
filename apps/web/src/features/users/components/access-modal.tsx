// Edit a sub-user's app access with GET/PUT /auth/access/{id}/ (docs/product-rules.md#roles-and-permissions, docs/product-rules.md#api-calls).
import { mayGrantCode } from '@kassa/contract/access';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiErrorMessage, apiSuccessMessage } from '../../../lib/api-client.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { useAccessSubject } from '../../../lib/use-access.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { putUserAccess, useUserAccess } from '../api/users-api.ts';
import { AccessMatrix, type AccessMatrixValue, accessPutBody } from './access-matrix.tsx';

export function AccessModal({ user, onClose }: { user: MerchantUser | null; onClose: () => void }) {
  const { t } = usePortalI18n();
  const { data, error, mutate } = useUserAccess(user?.id ?? null);
  // A sub-user adds only codes it holds; what the colleague has already may stay or go (the server's rule).
  const subject = useAccessSubject();
  const [value, setValue] = useState<AccessMatrixValue | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    setValue(data ? Object.fromEntries(data.map((entry) => [entry.app_key, entry.access])) : null);
  }, [data]);

  const save = async () => {
    if (!user || !value) return;
    setSaving(true);
    try {
      const result = await putUserAccess(user.id, accessPutBody(value));
      await mutate(result.result, false);
      showToast('success', apiSuccessMessage(result.message, t('users.access.updated')));
      onClose();
    } catch (saveError) {
      toastApiError(saveError, t('common.somethingWrong'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal show={user !== null} onHide={onClose} size="lg" data-testid="access-modal">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {t('users.access.title', { name: `${user?.first_name} ${user?.last_name}` })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">{t('users.access.hint')}</p>
        {error && !data && <p className="text-danger">{apiErrorMessage(error, t('users.access.loadFailed'))}</p>}
        {!error && !value && <PageSpinner />}
        {value && (
          <AccessMatrix
            value={value}
            onChange={setValue}
            disabled={isSaving}
            isGrantable={(app, code) =>
              mayGrantCode(subject, app, code) ||
              (data?.some((e) => e.app_key === app && e.access.includes(code)) ?? false)
            }
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('components.cancel')}
        </Button>
        <PendingButton
          pending={isSaving}
          disabled={!value}
          onClick={save}
          label={t('users.access.save')}
          pendingLabel={t('components.saving')}
          testId="access-save"
        />
      </Modal.Footer>
    </Modal>
  );
}
