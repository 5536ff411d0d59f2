import { ROLE } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { titledActionsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { roleLabel, userStatus } from '../user-labels.ts';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
  const manageable = mayManage(me, user);
  return (
    <div className="row-actions">
      {rights.edit && user.role === ROLE.MERCHANT_SUB_USER && user.id !== me?.id && (
        <Button size="sm" variant="outline-primary" onClick={() => onAccess(user)} data-testid="user-access">
          Access
        </Button>
      )}
      {rights.edit && (manageable || user.id === me?.id) && (
        <Button size="sm" variant="outline-secondary" onClick={() => onEdit(user)} data-testid="user-edit">
          Edit
        </Button>
      )}
      {manageable && user.is_active && rights.delete && (
        <Button size="sm" variant="outline-danger" onClick={() => onSetActive(user, false)} data-testid="user-disable">
          Disable
        </Button>
      )}
      {manageable && !user.is_active && rights.edit && (
        <Button size="sm" variant="outline-success" onClick={() => onSetActive(user, true)} data-testid="user-enable">
          Enable
        </Button>
      )}
    </div>
  );
}

function StatusBadge({ user }: { user: MerchantUser }) {
  const status = userStatus(user);
  return (
    <Badge bg={status.bg} className="status-badge" data-testid="user-status">
      {status.label}
    </Badge>
  );
}

/** The users list's columns; the buttons follow the user's Users rights and role. */
export function userColumns(handlers: RowHandlers): Column<MerchantUser>[] {
  const { me } = handlers;
  return [
    {
      key: 'name',
      header: 'Name',
      sort: 'first_name',
      cellClassName: 'fw-semibold text-nowrap',
      cell: (user) => (
        <>
          {user.first_name} {user.last_name}
          {user.id === me?.id && <span className="text-body-secondary fw-normal"> (you)</span>}
        </>
      ),
    },
    { key: 'email', header: 'E-mail', sort: 'email', cell: (user) => user.email },
    {
      key: 'role',
      header: 'Role',
      cellClassName: 'text-nowrap',
      cellTestId: 'user-role-cell',
      cell: (user) => roleLabel(user.role),
    },
    { key: 'status', header: 'Status', cell: (user) => <StatusBadge user={user} /> },
    {
      key: 'last-sign-in',
      header: 'Last sign-in',
      cellClassName: 'small text-nowrap',
      cell: (user) => (user.last_login_at ? dateTimeFormat.format(new Date(user.last_login_at)) : '—'),
    },
    titledActionsColumn((user) => <UserActions user={user} {...handlers} />),
  ];
}
