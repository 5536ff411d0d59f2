import type { AdminPermissionFlag } from '@kassa/contract/access';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Column } from '../../components/data-list/data-table.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { patchAdminUser, useAdminUsers } from './api/admin-users-api.ts';
import { AdminUserModal } from './components/admin-user-modal.tsx';
import { PERMISSION_FLAGS } from './components/permission-flags.ts';

/**
 * docs/product-rules.md#routes Admin users (role 1 only): staff admins with their four view flags. A flag
 * switched here takes effect on the admin's next request; the server enforces it.
 */
export function AdminUsersPage() {
  const list = useListParams('');
  const query = useAdminUsers(list.apiQuery([]));
  const { mutate } = query;
  const editor = useEditorModal<AdminPermissionSet>(mutate);
  const [busy, setBusy] = useState<string | null>(null);

  const save = async (admin: AdminPermissionSet, body: Parameters<typeof patchAdminUser>[1], fallback: string) => {
    setBusy(admin.user_id);
    try {
      const response = await patchAdminUser(admin.user_id, body);
      showToast('success', response.message ?? 'Staff admin saved.');
      await mutate();
    } catch (err) {
      toastApiError(err, fallback);
    } finally {
      setBusy(null);
    }
  };

  const toggleFlag = (admin: AdminPermissionSet, flag: AdminPermissionFlag) =>
    save(admin, { [flag]: admin[flag] === 1 ? 0 : 1 }, 'The permission was not changed.');

  const toggleActive = async (admin: AdminPermissionSet) => {
    const name = `${admin.first_name} ${admin.last_name}`;
    const confirmed = await confirmDialog(
      admin.is_active
        ? {
            title: `Disable ${name}?`,
            text: 'Their sessions end at once and they can no longer sign in.',
            confirmButtonText: 'Yes, disable',
            cancelButtonText: 'No, keep active',
          }
        : {
            title: `Enable ${name}?`,
            text: 'They can sign in again with their password.',
            icon: 'question',
            confirmButtonText: 'Yes, enable',
            cancelButtonText: 'No, keep disabled',
          },
    );
    if (confirmed) await save(admin, { is_active: !admin.is_active }, 'The staff admin was not changed.');
  };

  const inviteButton = (
    <Button onClick={() => editor.openNew()} data-testid="new-admin-user">
      Invite staff admin
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="Admin users"
        description="Staff admins and what each may view. Only platform admins change them."
        actions={inviteButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun="staff admins"
        search={{ placeholder: 'Search name or e-mail' }}
        testIds={{ search: 'admin-user-search', table: 'admin-users-table', row: 'admin-user-row' }}
        rowKey={(admin) => admin.user_id}
        noMatch={{ title: 'No staff admin matches', text: 'Try another search.' }}
        none={{ title: 'No staff admins yet', text: 'Invite one to share the back office.', action: inviteButton }}
        columns={[
          {
            key: 'name',
            header: 'Name',
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
            header: 'Status',
            cell: (admin) =>
              admin.is_active ? <Badge bg="success">Active</Badge> : <Badge bg="secondary">Disabled</Badge>,
          },
          ...PERMISSION_FLAGS.map(
            ({ flag, label }): Column<AdminPermissionSet> => ({
              key: flag,
              header: label,
              align: 'center',
              cell: (admin) => (
                <Form.Check
                  type="switch"
                  className="d-inline-block"
                  id={`${admin.user_id}-${flag}`}
                  aria-label={`${label} for ${admin.first_name} ${admin.last_name}`}
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
            label: 'Actions',
            cellClassName: 'text-end text-nowrap',
            cell: (admin) => (
              <>
                <Button size="sm" variant="link" onClick={() => editor.edit(admin)} data-testid="edit-admin-user">
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="link"
                  className={admin.is_active ? 'text-danger' : 'text-success'}
                  disabled={busy === admin.user_id}
                  onClick={() => void toggleActive(admin)}
                  data-testid="toggle-admin-user"
                >
                  {admin.is_active ? 'Disable' : 'Enable'}
                </Button>
              </>
            ),
          },
        ]}
      />
      {editor.modal && <AdminUserModal {...editor.modal} />}
    </section>
  );
}
