// The admin users table: name and e-mail, status, one switch per view flag, and the row's actions.
import type { AdminPermissionFlag } from '@kassa/contract/access';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import type { Translate } from '@kassa/contract/i18n/translate';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { SignOutEverywhereButton } from '../../../components/sign-out-everywhere-button.tsx';
import { PERMISSION_FLAGS } from './permission-flags.ts';

interface RowHandlers {
  /** The admin being saved: its switches and toggle wait. */
  busy: string | null;
  toggleFlag: (admin: AdminPermissionSet, flag: AdminPermissionFlag) => Promise<void>;
  toggleActive: (admin: AdminPermissionSet) => Promise<void>;
  onEdit: (admin: AdminPermissionSet) => void;
}

export function adminUserColumns(
  { busy, toggleFlag, toggleActive, onEdit }: RowHandlers,
  t: Translate,
): Column<AdminPermissionSet>[] {
  return [
    {
      key: 'name',
      header: t('adminUsers.column.name'),
      cell: (admin) => (
        <>
          <span className="fw-semibold">
            {admin.first_name} {admin.last_name}
          </span>
          <small className="d-block text-body-secondary">{admin.email}</small>
        </>
      ),
    },
    {
      key: 'status',
      header: t('adminUsers.column.status'),
      cell: (admin) =>
        admin.is_active ? (
          <Badge bg="success">{t('adminUsers.status.active')}</Badge>
        ) : (
          <Badge bg="secondary">{t('components.disabled')}</Badge>
        ),
    },
    ...PERMISSION_FLAGS.map(
      ({ flag, label }): Column<AdminPermissionSet> => ({
        key: flag,
        header: t(label),
        align: 'center',
        cell: (admin) => (
          <Form.Check
            type="switch"
            className="d-inline-block"
            id={`${admin.user_id}-${flag}`}
            aria-label={t('adminUsers.flag.for', { flag: t(label), name: `${admin.first_name} ${admin.last_name}` })}
            checked={admin[flag] === 1}
            disabled={busy === admin.user_id}
            onChange={() => void toggleFlag(admin, flag)}
            data-testid={`flag-${flag}`}
          />
        ),
      }),
    ),
    {
      key: 'actions',
      label: t('components.actions'),
      // Three actions: they wrap inside the cell rather than push the table past the page.
      cellClassName: 'text-end',
      cell: (admin) => (
        <>
          <Button size="sm" variant="link" onClick={() => onEdit(admin)} data-testid="edit-admin-user">
            {t('components.edit')}
          </Button>
          <Button
            size="sm"
            variant="link"
            className={admin.is_active ? 'text-danger' : 'text-success'}
            disabled={busy === admin.user_id}
            onClick={() => void toggleActive(admin)}
            data-testid="toggle-admin-user"
          >
            {admin.is_active ? t('adminUsers.action.disable') : t('adminUsers.action.enable')}
          </Button>
          {admin.is_active && (
            <SignOutEverywhereButton userId={admin.user_id} name={`${admin.first_name} ${admin.last_name}`} />
          )}
        </>
      ),
    },
  ];
}
