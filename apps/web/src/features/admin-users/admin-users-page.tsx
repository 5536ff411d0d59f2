import type { AdminPermissionSet } from '@kassa/contract/auth';
import Button from 'react-bootstrap/Button';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ADMIN_RULE_PATH, SecondFactorRuleCard } from '../auth/index.ts';
import { useAdminUsers } from './api/admin-users-api.ts';
import { adminUserColumns } from './components/admin-user-columns.tsx';
import { AdminUserModal } from './components/admin-user-modal.tsx';
import { useAdminUserActions } from './components/use-admin-user-actions.ts';

/**
 * docs/product-rules.md#routes Admin users (role 1 only): staff admins with their four view flags. A flag
 * switched here takes effect on the admin's next request; the server enforces it.
 */
export function AdminUsersPage() {
  const list = useListParams('');
  const query = useAdminUsers(list.apiQuery([]));
  const { mutate } = query;
  const editor = useEditorModal<AdminPermissionSet>(mutate);
  const { busy, toggleFlag, toggleActive } = useAdminUserActions(mutate);

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
      <SecondFactorRuleCard path={ADMIN_RULE_PATH} />
      <SearchListCard
        query={query}
        list={list}
        noun="staff admins"
        search={{ placeholder: 'Search name or e-mail' }}
        testIds={{ search: 'admin-user-search', table: 'admin-users-table', row: 'admin-user-row' }}
        rowKey={(admin) => admin.user_id}
        noMatch={{ title: 'No staff admin matches', text: 'Try another search.' }}
        none={{ title: 'No staff admins yet', text: 'Invite one to share the back office.', action: inviteButton }}
        columns={adminUserColumns({ busy, toggleFlag, toggleActive, onEdit: editor.edit })}
      />
      {editor.modal && <AdminUserModal {...editor.modal} />}
    </section>
  );
}
