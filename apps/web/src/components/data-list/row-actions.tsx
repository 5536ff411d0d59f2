import Button from 'react-bootstrap/Button';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/**
 * A row's Share / Edit / Delete buttons (products, quick payments); Edit and Delete only with a
 * handler, which a page passes when the user holds that right (docs/ARCHITECTURE.md).
 */
export function ShareEditDeleteActions({
  testIdPrefix,
  onShare,
  onEdit,
  onDelete,
}: {
  /** "product" gives the test ids product-share, product-edit and product-delete. */
  testIdPrefix: string;
  onShare: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = usePortalI18n();
  return (
    <div className="row-actions">
      <Button size="sm" variant="outline-primary" onClick={onShare} data-testid={`${testIdPrefix}-share`}>
        {t('components.share')}
      </Button>
      {onEdit && (
        <Button size="sm" variant="outline-secondary" onClick={onEdit} data-testid={`${testIdPrefix}-edit`}>
          {t('components.edit')}
        </Button>
      )}
      {onDelete && (
        <Button size="sm" variant="outline-danger" onClick={onDelete} data-testid={`${testIdPrefix}-delete`}>
          {t('components.delete')}
        </Button>
      )}
    </div>
  );
}

/** A row's Edit and Delete as link buttons (back-office lists the platform admin edits). */
export function EditDeleteLinks({
  onEdit,
  onDelete,
  editTestId,
  deleteTestId,
}: {
  onEdit: () => void;
  onDelete: () => void;
  editTestId: string;
  deleteTestId: string;
}) {
  const { t } = usePortalI18n();
  return (
    <>
      <Button size="sm" variant="link" onClick={onEdit} data-testid={editTestId}>
        {t('components.edit')}
      </Button>
      <Button size="sm" variant="link" className="text-danger" onClick={onDelete} data-testid={deleteTestId}>
        {t('components.delete')}
      </Button>
    </>
  );
}
