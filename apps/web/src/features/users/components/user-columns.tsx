import { ROLE } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import { formatMoment } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { titledActionsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { roleLabel, userStatus } from '../user-labels.ts';

interface RowHandlers {
  me: User | null | undefined;
  rights: AppRights;
  onAccess: (user: MerchantUser) => void;
  onEdit: (user: MerchantUser) => void;
  onSetActive: (user: MerchantUser, active: boolean) => void;
}

// A sub-user manages sub-users only (merchant-users.service).
const mayManage = (me: User | null | undefined, user: MerchantUser) =>
  user.id !== me?.id &&
  user.role !== ROLE.MERCHANT_OWNER &&
  (me?.role !== ROLE.MERCHANT_SUB_USER || user.role === ROLE.MERCHANT_SUB_USER);

function UserActions({ user, me, rights, onAccess, onEdit, onSetActive }: RowHandlers & { user: MerchantUser }) {
  const { t } = usePortalI18n();
  const manageable = mayManage(me, user);
  return (
    <div className="row-actions">
      {rights.edit && user.role === ROLE.MERCHANT_SUB_USER && user.id !== me?.id && (
        <Button size="sm" variant="outline-primary" onClick={() => onAccess(user)} data-testid="user-access">
          {t('users.action.access')}
        </Button>
      )}
      {rights.edit && (manageable || user.id === me?.id) && (
        <Button size="sm" variant="outline-secondary" onClick={() => onEdit(user)} data-testid="user-edit">
          {t('components.edit')}
        </Button>
      )}
      {manageable && user.is_active && rights.delete && (
        <Button size="sm" variant="outline-danger" onClick={() => onSetActive(user, false)} data-testid="user-disable">
          {t('users.action.disable')}
        </Button>
      )}
      {manageable && !user.is_active && rights.edit && (
        <Button size="sm" variant="outline-success" onClick={() => onSetActive(user, true)} data-testid="user-enable">
          {t('users.action.enable')}
        </Button>
      )}
    </div>
  );
}

function StatusBadge({ user }: { user: MerchantUser }) {
  const { t } = usePortalI18n();
  const status = userStatus(user, t);
  return (
    <Badge bg={status.bg} className="status-badge" data-testid="user-status">
      {status.label}
    </Badge>
  );
}

/** The users list's columns; the buttons follow the user's Users rights and role. */
export function userColumns(
  handlers: RowHandlers,
  { t, locale }: { t: Translate; locale: Locale },
): Column<MerchantUser>[] {
  const { me } = handlers;
  return [
    {
      key: 'name',
      header: t('users.column.name'),
      sort: 'first_name',
      cellClassName: 'fw-semibold text-nowrap',
      cell: (user) => (
        <>
          {user.first_name} {user.last_name}
          {user.id === me?.id && <span className="text-body-secondary fw-normal">{t('users.you')}</span>}
        </>
      ),
    },
    { key: 'email', header: t('components.person.email'), sort: 'email', cell: (user) => user.email },
    {
      key: 'role',
      header: t('users.column.role'),
      cellClassName: 'text-nowrap',
      cellTestId: 'user-role-cell',
      cell: (user) => roleLabel(user.role, t),
    },
    { key: 'status', header: t('users.column.status'), cell: (user) => <StatusBadge user={user} /> },
    {
      key: 'last-sign-in',
      header: t('users.column.lastSignIn'),
      cellClassName: 'small text-nowrap',
      cell: (user) => (user.last_login_at ? formatMoment(new Date(user.last_login_at), locale) : '—'),
    },
    titledActionsColumn((user) => <UserActions user={user} {...handlers} />),
  ];
}
