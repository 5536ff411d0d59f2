import type { AdminPermissionSet } from '@kassa/contract/auth';
import Button from 'react-bootstrap/Button';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
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
  const i18n = usePortalI18n();
  const { t } = i18n;
  const list = useListParams('');
  const query = useAdminUsers(list.apiQuery([]));
  const { mutate } = query;
  const editor = useEditorModal<AdminPermissionSet>(mutate);
  const { busy, toggleFlag, toggleActive } = useAdminUserActions(mutate);

  const inviteButton = (
    <Button onClick={() => editor.openNew()} data-testid="new-admin-user">
      {t('adminUsers.invite')}
    </Button>
  );

  return (
    <section>
      <PageHeader title={t('adminUsers.title')} description={t('adminUsers.description')} actions={inviteButton} />
      <SecondFactorRuleCard path={ADMIN_RULE_PATH} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('adminUsers.noun')}
        search={{ placeholder: t('adminUsers.search') }}
        testIds={{ search: 'admin-user-search', table: 'admin-users-table', row: 'admin-user-row' }}
        rowKey={(admin) => admin.user_id}
        noMatch={{ title: t('adminUsers.noMatch.title'), text: t('adminUsers.noMatch.text') }}
        none={{ title: t('adminUsers.empty.title'), text: t('adminUsers.empty.text'), action: inviteButton }}
        columns={adminUserColumns({ busy, toggleFlag, toggleActive, onEdit: editor.edit }, t)}
      />
      {editor.modal && <AdminUserModal {...editor.modal} />}
    </section>
  );
}
