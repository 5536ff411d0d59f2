// Invite a user (staff 5 or sub-user 3, with a sub-user's first access) or edit one's name and role.
// Only the owner changes roles, and the owner's own role never changes (merchant-users.service). A
// sub-user invites sub-users only, with codes it holds itself (the contract's invitableRoles and
// mayGrantCode, the server's rules).

import { invitableRoles, mayGrantCode, ROLE } from '@kassa/contract/access';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { PersonFields } from '../../../components/form/person-fields.tsx';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { useAccessSubject } from '../../../lib/use-access.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { inviteUser, patchUser } from '../api/users-api.ts';
import { AccessMatrix, type AccessMatrixValue, accessPutBody } from './access-matrix.tsx';
import { USER_FORM_FIELDS, type UserFormOutput, type UserFormValues, userForm, userToForm } from './user-form.ts';
import { UserRoleField } from './user-role-field.tsx';

export function UserFormModal({
  show,
  user,
  canChangeRoles,
  onClose,
  onSaved,
}: {
  show: boolean;
  /** The user to edit; null invites one. */
  user: MerchantUser | null;
  canChangeRoles: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = usePortalI18n();
  const [access, setAccess] = useState<AccessMatrixValue>({});
  const subject = useAccessSubject();
  const mayInviteStaff = invitableRoles(subject).includes(ROLE.MERCHANT_STAFF);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(userForm),
    defaultValues: userToForm(null),
  });

  useEffect(() => {
    if (!show) return;
    setAccess({});
    reset(userToForm(user));
  }, [show, user, reset]);

  const isSubUser = watch('role') === String(ROLE.MERCHANT_SUB_USER);
  const isOwner = user?.role === ROLE.MERCHANT_OWNER;

  const onSubmit = handleSubmit(async (values) => {
    const role = Number(values.role) as 3 | 5;
    try {
      const result = user
        ? await patchUser(user.id, {
            first_name: values.first_name,
            last_name: values.last_name,
            ...(canChangeRoles && !isOwner ? { role } : {}),
          })
        : await inviteUser({
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            role,
            access: role === ROLE.MERCHANT_SUB_USER ? accessPutBody(access).access : [],
          });
      showToast('success', apiSuccessMessage(result.message, user ? t('users.form.updated') : t('users.form.invited')));
      onSaved();
      onClose();
    } catch (error) {
      applyFieldErrors(error, setError, USER_FORM_FIELDS);
      toastApiError(error, t('common.somethingWrong'));
    }
  });

  return (
    <FormModal
      show={show}
      onHide={onClose}
      title={user ? t('users.form.editTitle') : t('users.form.inviteTitle')}
      ariaLabel={user ? t('users.form.editTitle') : t('users.invite')}
      size={user ? undefined : 'lg'}
      testId="user-form-modal"
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitLabel={user ? t('components.saveChanges') : t('users.form.send')}
      submitTestId="user-submit"
    >
      <Row className="g-3">
        <PersonFields idPrefix="user" register={register} errors={errors} isExisting={Boolean(user)} emailColumns={7} />
        <Col sm={5}>
          <UserRoleField
            user={user}
            isFixed={!canChangeRoles || isOwner}
            mayInviteStaff={mayInviteStaff}
            register={register}
            errors={errors}
          />
        </Col>
      </Row>
      {!user && isSubUser && (
        <div className="mt-4">
          <h3 className="h6">{t('users.action.access')}</h3>
          <AccessMatrix
            value={access}
            onChange={setAccess}
            isGrantable={(app, code) => mayGrantCode(subject, app, code)}
          />
        </div>
      )}
      {!user && <p className="small text-body-secondary mt-3 mb-0">{t('users.form.inviteHint')}</p>}
    </FormModal>
  );
}
