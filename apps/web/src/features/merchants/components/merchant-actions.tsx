import type { MerchantAdminProfile } from '@kassa/contract/merchants';
import Button from 'react-bootstrap/Button';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { patchMerchant, removeMerchant, setAllowConnections } from '../api/merchants-api.ts';

/**
 * Block / unblock, allow connections, remove — each asks first (docs/product-rules.md#constants confirm dialog) and shows the
 * server's message either way (docs/product-rules.md#error-messages: block errors show the server message).
 */
export function MerchantActions({
  merchant,
  onEdit,
  onChanged,
  onRemoved,
}: {
  merchant: MerchantAdminProfile;
  onEdit: () => void;
  onChanged: () => Promise<unknown>;
  onRemoved: () => void;
}) {
  const { t } = usePortalI18n();
  const { name } = merchant;
  const run = async (
    question: { title: string; text: string; confirmButtonText: string },
    action: () => Promise<{ message?: string }>,
    fallback: string,
    after: () => unknown = onChanged,
  ) => {
    if (!(await confirmDialog({ ...question, cancelButtonText: t('common.delete.keep') }))) return;
    try {
      const response = await action();
      showToast('success', apiSuccessMessage(response.message, t('merchants.actions.done')));
      await after();
    } catch (error) {
      toastApiError(error, fallback);
    }
  };

  const toggleBlock = () =>
    merchant.is_blocked
      ? run(
          {
            title: t('merchants.actions.unblockTitle', { name }),
            text: t('merchants.actions.unblockText'),
            confirmButtonText: t('merchants.actions.unblockConfirm'),
          },
          () => patchMerchant(merchant.id, { is_blocked: false }),
          t('merchants.actions.unblockFailed'),
        )
      : run(
          {
            title: t('merchants.actions.blockTitle', { name }),
            text: t('merchants.actions.blockText'),
            confirmButtonText: t('merchants.actions.blockConfirm'),
          },
          () => patchMerchant(merchant.id, { is_blocked: true }),
          t('merchants.actions.blockFailed'),
        );

  const toggleConnections = () =>
    run(
      merchant.allow_connections
        ? {
            title: t('merchants.actions.disallowTitle', { name }),
            text: t('merchants.actions.disallowText'),
            confirmButtonText: t('merchants.actions.disallowConfirm'),
          }
        : {
            title: t('merchants.actions.allowTitle', { name }),
            text: t('merchants.actions.allowText'),
            confirmButtonText: t('merchants.actions.allowConfirm'),
          },
      () => setAllowConnections(merchant.id, !merchant.allow_connections),
      t('merchants.actions.connectionsFailed'),
    );

  const remove = () =>
    run(
      {
        title: t('merchants.actions.removeTitle', { name }),
        text: t('merchants.actions.removeText'),
        confirmButtonText: t('merchants.actions.removeConfirm'),
      },
      () => removeMerchant(merchant.id),
      t('merchants.actions.removeFailed'),
      onRemoved,
    );

  return (
    <div className="merchant-actions" data-testid="merchant-actions">
      <Button variant="outline-primary" onClick={onEdit} data-testid="edit-merchant">
        {t('merchants.actions.editProfile')}
      </Button>
      <Button variant="outline-secondary" onClick={toggleConnections} data-testid="toggle-connections">
        {merchant.allow_connections ? t('merchants.actions.disallow') : t('merchants.actions.allow')}
      </Button>
      <Button
        variant={merchant.is_blocked ? 'outline-success' : 'outline-danger'}
        onClick={toggleBlock}
        data-testid={merchant.is_blocked ? 'unblock-merchant' : 'block-merchant'}
      >
        {merchant.is_blocked ? t('merchants.actions.unblock') : t('merchants.actions.block')}
      </Button>
      <Button variant="danger" onClick={remove} data-testid="remove-merchant">
        {t('merchants.actions.remove')}
      </Button>
    </div>
  );
}
