import type { MerchantAdminProfile } from '@kassa/contract/merchants';
import Button from 'react-bootstrap/Button';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
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
  const run = async (
    question: { title: string; text: string; confirmButtonText: string },
    action: () => Promise<{ message?: string }>,
    fallback: string,
    after: () => unknown = onChanged,
  ) => {
    if (!(await confirmDialog({ ...question, cancelButtonText: 'No, keep it' }))) return;
    try {
      const response = await action();
      showToast('success', response.message ?? 'Done.');
      await after();
    } catch (error) {
      toastApiError(error, fallback);
    }
  };

  const toggleBlock = () =>
    merchant.is_blocked
      ? run(
          {
            title: `Unblock ${merchant.name}?`,
            text: 'Its users can sign in again and its checkouts take payments again.',
            confirmButtonText: 'Yes, unblock merchant',
          },
          () => patchMerchant(merchant.id, { is_blocked: false }),
          'The merchant could not be unblocked.',
        )
      : run(
          {
            title: `Block ${merchant.name}?`,
            text: 'Its users can no longer sign in and its checkouts refuse payment until you unblock it.',
            confirmButtonText: 'Yes, block merchant',
          },
          () => patchMerchant(merchant.id, { is_blocked: true }),
          'The merchant could not be blocked.',
        );

  const toggleConnections = () =>
    run(
      merchant.allow_connections
        ? {
            title: `Stop allowing connections for ${merchant.name}?`,
            text: 'The merchant can no longer set up financial connections.',
            confirmButtonText: 'Yes, withdraw',
          }
        : {
            title: `Allow connections for ${merchant.name}?`,
            text: 'The merchant may then set up its financial connections.',
            confirmButtonText: 'Yes, allow connections',
          },
      () => setAllowConnections(merchant.id, !merchant.allow_connections),
      'The change could not be saved.',
    );

  const remove = () =>
    run(
      {
        title: `Remove ${merchant.name}?`,
        text: 'The merchant leaves every list and its users can no longer sign in. Its transactions, refunds and invoices are kept.',
        confirmButtonText: 'Yes, remove merchant',
      },
      () => removeMerchant(merchant.id),
      'The merchant could not be removed.',
      onRemoved,
    );

  return (
    <div className="merchant-actions" data-testid="merchant-actions">
      <Button variant="outline-primary" onClick={onEdit} data-testid="edit-merchant">
        Edit profile
      </Button>
      <Button variant="outline-secondary" onClick={toggleConnections} data-testid="toggle-connections">
        {merchant.allow_connections ? 'Disallow connections' : 'Allow connections'}
      </Button>
      <Button
        variant={merchant.is_blocked ? 'outline-success' : 'outline-danger'}
        onClick={toggleBlock}
        data-testid={merchant.is_blocked ? 'unblock-merchant' : 'block-merchant'}
      >
        {merchant.is_blocked ? 'Unblock' : 'Block'}
      </Button>
      <Button variant="danger" onClick={remove} data-testid="remove-merchant">
        Remove
      </Button>
    </div>
  );
}
