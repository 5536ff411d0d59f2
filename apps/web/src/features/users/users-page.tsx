// User Management (docs/product-rules.md#routes /users, 6): the merchant's users with search, status
// filter and pages; invite staff or sub-users, edit, disable or enable (with a confirm), and edit a
// sub-user's app access. Controls follow the user's Users access (docs/ARCHITECTURE.md: app 8).
import { APP, ROLE } from '@kassa/contract/access';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmedAction } from '../../lib/confirmed-action.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { MERCHANT_RULE_PATH, SecondFactorRuleCard } from '../auth/index.ts';
import { disableUser, patchUser, useMerchantUsers } from './api/users-api.ts';
import { AccessModal } from './components/access-modal.tsx';
import { userColumns } from './components/user-columns.tsx';
import { UserFormModal } from './components/user-form-modal.tsx';

const FILTERS = ['is_active'] as const;

export function UsersPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const me = useSessionSelector((s) => s.auth.user);
  const rights = useAppRights(APP.USERS);
  const list = useListParams('first_name');
  const query = useMerchantUsers(list.apiQuery(FILTERS));
  const { mutate } = query;
  const [editing, setEditing] = useState<MerchantUser | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [accessFor, setAccessFor] = useState<MerchantUser | null>(null);

  const openForm = (user: MerchantUser | null) => {
    setEditing(user);
    setFormOpen(true);
  };

  const setActive = (user: MerchantUser, active: boolean) => {
    const name = `${user.first_name} ${user.last_name}`;
    return confirmedAction({
      confirm: active
        ? {
            title: t('users.enable.title', { name }),
            text: t('users.enable.text'),
            icon: 'question',
            confirmButtonText: t('users.enable.confirm'),
            cancelButtonText: t('common.confirm.no'),
          }
        : {
            title: t('users.disable.title', { name }),
            text: t('users.disable.text'),
            confirmButtonText: t('users.disable.confirm'),
            cancelButtonText: t('common.confirm.no'),
          },
      run: () => (active ? patchUser(user.id, { is_active: true }) : disableUser(user.id)),
      done: active ? t('users.enable.done') : t('users.disable.done'),
      after: mutate,
    });
  };

  const inviteButton = rights.create ? (
    <Button onClick={() => openForm(null)} data-testid="user-invite">
      {t('users.invite')}
    </Button>
  ) : null;

  const statusFilter = (
    <FilterSelect
      list={list}
      filter="is_active"
      label={t('users.column.status')}
      allLabel={t('users.filter.all')}
      options={[
        ['true', t('users.status.active')],
        ['false', t('users.status.disabled')],
      ]}
      testId="users-status-filter"
    />
  );

  return (
    <section>
      <PageHeader title={t('users.title')} description={t('users.description')} actions={inviteButton} />
      {me?.role === ROLE.MERCHANT_OWNER && <SecondFactorRuleCard path={MERCHANT_RULE_PATH} />}
      <SearchListCard
        query={query}
        list={list}
        noun={t('users.noun')}
        search={{ placeholder: t('users.search') }}
        testIds={{ search: 'users-search', table: 'users-table', row: 'user-row' }}
        filters={statusFilter}
        filtered={Boolean(list.search || list.get('is_active'))}
        noMatch={{ title: t('users.noMatch.title'), text: t('users.noMatch.text') }}
        none={{ title: t('users.empty.title'), text: t('users.empty.text'), action: inviteButton }}
        columns={userColumns(
          {
            me,
            rights,
            onAccess: setAccessFor,
            onEdit: openForm,
            onSetActive: setActive,
          },
          i18n,
        )}
      />
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
