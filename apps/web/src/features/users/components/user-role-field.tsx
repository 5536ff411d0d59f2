// The user form's role. It shows as text when it cannot change (only the owner changes roles, and
// never its own); staff can be invited only by someone who may invite staff.
import type { MerchantUser } from '@kassa/contract/merchant-users';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { roleLabel } from '../user-labels.ts';
import type { UserFormValues } from './user-form.ts';

export function UserRoleField({
  user,
  isFixed,
  mayInviteStaff,
  register,
  errors,
}: {
  user: MerchantUser | null;
  /** The edited user's role cannot change. */
  isFixed: boolean;
  mayInviteStaff: boolean;
  register: UseFormRegister<UserFormValues>;
  errors: FieldErrors<UserFormValues>;
}) {
  const { t } = usePortalI18n();
  return (
    <Form.Group controlId="user-role">
      <Form.Label>{t('users.column.role')}</Form.Label>
      {user && isFixed ? (
        // Not a disabled select: a disabled field would leave the role out of the values.
        <Form.Control plaintext readOnly value={roleLabel(user.role, t)} data-testid="user-role" />
      ) : (
        <Form.Select {...register('role')} isInvalid={Boolean(errors.role)} data-testid="user-role">
          <option value="3">{t('users.form.roleSubUser')}</option>
          {(user || mayInviteStaff) && <option value="5">{t('users.form.roleStaff')}</option>}
        </Form.Select>
      )}
      <Form.Control.Feedback type="invalid">{errors.role?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}
