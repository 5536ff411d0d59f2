import { type AdminUserCreateBody, adminUserCreateBody } from '@kassa/contract/admin-users';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { PersonFields } from '../../../components/form/person-fields.tsx';
import { type EditorModalProps, TitledFormModal } from '../../../components/form/titled-form-modal.tsx';
import { useSaveForm } from '../../../components/form/use-save-form.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createAdminUser, patchAdminUser } from '../api/admin-users-api.ts';
import { PERMISSION_FLAGS } from './permission-flags.ts';

/**
 * Invite a staff admin (the server mails a link to set the password) or edit one's name and flags.
 * The e-mail is fixed once the account exists.
 */
export function AdminUserModal({ editing, onHide, onSaved }: EditorModalProps<AdminPermissionSet>) {
  const { t } = usePortalI18n();
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSaveForm<AdminUserCreateBody, z.output<typeof adminUserCreateBody>>({
    resolver: zodResolver(adminUserCreateBody),
    defaultValues: {
      first_name: editing?.first_name ?? '',
      last_name: editing?.last_name ?? '',
      email: editing?.email ?? '',
      view_merchant: editing?.view_merchant ?? 0,
      view_catalog: editing?.view_catalog ?? 0,
      view_transactions: editing?.view_transactions ?? 0,
      view_industry_type: editing?.view_industry_type ?? 0,
    },
    fields: ['first_name', 'last_name', 'email'],
    save: ({ email, ...rest }) =>
      editing ? patchAdminUser(editing.user_id, rest) : createAdminUser({ email, ...rest }),
    savedMessage: t('adminUsers.saved'),
    failedMessage: t('adminUsers.saveFailed'),
    onSaved,
  });

  return (
    <TitledFormModal
      titleId="admin-user-title"
      title={editing ? t('adminUsers.form.editTitle') : t('adminUsers.invite')}
      onHide={onHide}
      onSubmit={onSubmit}
      formTestId="admin-user-form"
      pending={isSubmitting}
      submitLabel={editing ? t('components.saveChanges') : t('adminUsers.form.send')}
      submitTestId="admin-user-submit"
    >
      <Row className="g-3">
        <PersonFields
          idPrefix="admin"
          register={register}
          errors={errors}
          isExisting={Boolean(editing)}
          emailHint={t('adminUsers.form.emailHint')}
        />
      </Row>
      <fieldset className="mt-4">
        <legend className="h6">{t('adminUsers.form.mayView')}</legend>
        {PERMISSION_FLAGS.map(({ flag, label, hint }) => (
          <Controller
            key={flag}
            control={control}
            name={flag}
            render={({ field }) => (
              <Form.Check
                type="switch"
                id={`admin-${flag}`}
                className="mb-2"
                label={
                  <>
                    {t(label)} <span className="text-body-secondary small">— {t(hint)}</span>
                  </>
                }
                checked={field.value === 1}
                onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
                data-testid={`admin-flag-${flag}`}
              />
            )}
          />
        ))}
      </fieldset>
    </TitledFormModal>
  );
}
