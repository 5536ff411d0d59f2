// User Management (docs/product-rules.md#routes /users, 6): the merchant's users with search, status
// filter and pages; invite staff or sub-users, edit, disable or enable (with a confirm), and edit a
// sub-user's app access. Controls follow the user's Users access (docs/ARCHITECTURE.md: app 8).
import { APP, ROLE } from '@kassa/contract/access';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSearch } from '../../components/list-search.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { useAppRights } from '../auth/use-access.ts';
import { disableUser, patchUser, type UserStatusFilter, useMerchantUsers } from './api/users-api.ts';
import { AccessModal } from './components/access-modal.tsx';
import { UserFormModal } from './components/user-form-modal.tsx';
import { roleLabel, userStatus } from './user-labels.ts';

const PAGE_SIZE = 20;
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function UsersPage() {
  const me = useSessionSelector((s) => s.auth.user);
  const rights = useAppRights(APP.USERS);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const [isActive, setIsActive] = useState<UserStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState('first_name');
  const { data, error, isLoading, mutate } = useMerchantUsers({
    page,
    pageSize: PAGE_SIZE,
    search: debounced,
    sortBy,
    isActive,
  });
  const [editing, setEditing] = useState<MerchantUser | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [accessFor, setAccessFor] = useState<MerchantUser | null>(null);

  const openForm = (user: MerchantUser | null) => {
    setEditing(user);
    setFormOpen(true);
  };

  const setActive = async (user: MerchantUser, active: boolean) => {
    const name = `${user.first_name} ${user.last_name}`;
    const confirmed = await confirmDialog(
      active
        ? {
            title: `Enable ${name}?`,
            text: 'They can sign in again with their password.',
            icon: 'question',
            confirmButtonText: 'Yes, enable user',
            cancelButtonText: 'No, return',
          }
        : {
            title: `Disable ${name}?`,
            text: 'They are signed out everywhere at once and can no longer sign in.',
            confirmButtonText: 'Yes, disable user',
            cancelButtonText: 'No, return',
          },
    );
    if (!confirmed) return;
    try {
      const result = active ? await patchUser(user.id, { is_active: true }) : await disableUser(user.id);
      showToast('success', result.message ?? (active ? 'User enabled.' : 'User disabled.'));
      await mutate();
    } catch (actionError) {
      toastApiError(actionError, 'Something went wrong.');
    }
  };

  const inviteButton = rights.create ? (
    <Button onClick={() => openForm(null)} data-testid="user-invite">
      Invite user
    </Button>
  ) : null;

  const sort = (value: string) => {
    setSortBy(value);
    setPage(1);
  };
  // A sub-user manages sub-users only (merchant-users.service).
  const mayManage = (user: MerchantUser) =>
    user.id !== me?.id &&
    user.role !== ROLE.MERCHANT_OWNER &&
    (me?.role !== ROLE.MERCHANT_SUB_USER || user.role === ROLE.MERCHANT_SUB_USER);

  const filtered = Boolean(debounced) || isActive !== 'all';
  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListSkeleton />;
  else if (data.count === 0)
    body = filtered ? (
      <ListEmpty icon="users" title="No users match" text="Try another search or status." />
    ) : (
      <ListEmpty icon="users" title="No users yet" text="Invite your team." action={inviteButton} />
    );
  else
    body = (
      <div className="list-card">
        <div className="table-responsive">
          <Table hover data-testid="users-table">
            <thead>
              <tr>
                <SortHeader field="first_name" sort={sortBy} onSort={sort}>
                  Name
                </SortHeader>
                <SortHeader field="email" sort={sortBy} onSort={sort}>
                  E-mail
                </SortHeader>
                <th>Role</th>
                <th>Status</th>
                <th>Last sign-in</th>
                <th className="text-end">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((user) => {
                const status = userStatus(user);
                const manageable = mayManage(user);
                return (
                  <tr key={user.id} data-testid="user-row">
                    <td className="fw-semibold text-nowrap">
                      {user.first_name} {user.last_name}
                      {user.id === me?.id && <span className="text-body-secondary fw-normal"> (you)</span>}
                    </td>
                    <td>{user.email}</td>
                    <td className="text-nowrap" data-testid="user-role-cell">
                      {roleLabel(user.role)}
                    </td>
                    <td>
                      <Badge bg={status.bg} className="status-badge" data-testid="user-status">
                        {status.label}
                      </Badge>
                    </td>
                    <td className="small text-nowrap">
                      {user.last_login_at ? dateTimeFormat.format(new Date(user.last_login_at)) : '—'}
                    </td>
                    <td>
                      <div className="row-actions">
                        {rights.edit && user.role === ROLE.MERCHANT_SUB_USER && user.id !== me?.id && (
                          <Button
                            size="sm"
                            variant="outline-primary"
                            onClick={() => setAccessFor(user)}
                            data-testid="user-access"
                          >
                            Access
                          </Button>
                        )}
                        {rights.edit && (manageable || user.id === me?.id) && (
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            onClick={() => openForm(user)}
                            data-testid="user-edit"
                          >
                            Edit
                          </Button>
                        )}
                        {manageable && user.is_active && rights.delete && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => setActive(user, false)}
                            data-testid="user-disable"
                          >
                            Disable
                          </Button>
                        )}
                        {manageable && !user.is_active && rights.edit && (
                          <Button
                            size="sm"
                            variant="outline-success"
                            onClick={() => setActive(user, true)}
                            data-testid="user-enable"
                          >
                            Enable
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
        <ListPagination count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="users" />
      </div>
    );

  return (
    <section>
      <PageHeader
        title="User Management"
        description="Staff use every app; sub-users only the apps you choose."
        actions={inviteButton}
      />
      <div className="list-toolbar">
        <ListSearch
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search name or e-mail"
          testId="users-search"
        />
        <Form.Select
          className="w-auto"
          value={isActive}
          onChange={(event) => {
            setIsActive(event.target.value as UserStatusFilter);
            setPage(1);
          }}
          aria-label="Status"
          data-testid="users-status-filter"
        >
          <option value="all">All users</option>
          <option value="true">Active</option>
          <option value="false">Disabled</option>
        </Form.Select>
      </div>
      {body}
      <UserFormModal
        show={isFormOpen}
        user={editing}
        canChangeRoles={me?.role === ROLE.MERCHANT_OWNER}
        onClose={() => setFormOpen(false)}
        onSaved={() => mutate()}
      />
      <AccessModal user={accessFor} onClose={() => setAccessFor(null)} />
    </section>
  );
}
