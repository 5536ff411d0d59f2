// Invite a user (staff 5 or sub-user 3, with a sub-user's first access) or edit one's name and role.
// Only the owner changes roles, and the owner's own role never changes (merchant-users.service). A
// sub-user invites sub-users only, with codes it holds itself (the contract's invitableRoles and
// mayGrantCode, the server's rules).

import { invitableRoles, mayGrantCode, ROLE } from '@kassa/contract/access';
import { type MerchantUser, merchantUserInvite } from '@kassa/contract/merchant-users';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { PersonFields } from '../../../components/form/person-fields.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { useAccessSubject } from '../../auth/use-access.ts';
import { inviteUser, patchUser } from '../api/users-api.ts';
import { roleLabel } from '../user-labels.ts';
import { AccessMatrix, type AccessMatrixValue, accessPutBody } from './access-matrix.tsx';

// The contract's own field rules; the role travels as the select's string and becomes a number in
// the request body.
const userForm = z.object({
  first_name: merchantUserInvite.shape.first_name,
  last_name: merchantUserInvite.shape.last_name,
  email: merchantUserInvite.shape.email,
  role: z.enum(['2', '3', '5']),
});
type UserFormValues = z.input<typeof userForm>;
type UserFormOutput = z.output<typeof userForm>;

const FIELDS = ['first_name', 'last_name', 'email', 'role'] as const;

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
    defaultValues: { first_name: '', last_name: '', email: '', role: '3' },
  });

  useEffect(() => {
    if (!show) return;
    setAccess({});
    reset(
      user
        ? {
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            role: String(user.role) as '2' | '3' | '5',
          }
        : { first_name: '', last_name: '', email: '', role: '3' },
    );
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
      showToast('success', result.message ?? (user ? 'User updated.' : 'Invitation sent.'));
      onSaved();
      onClose();
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toastApiError(error, 'Something went wrong.');
    }
  });

  return (
    <FormModal
      show={show}
      onHide={onClose}
      title={user ? 'Edit user' : 'Invite a user'}
      ariaLabel={user ? 'Edit user' : 'Invite user'}
      size={user ? undefined : 'lg'}
      testId="user-form-modal"
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitLabel={user ? 'Save changes' : 'Send invitation'}
      submitTestId="user-submit"
    >
      <Row className="g-3">
        <PersonFields idPrefix="user" register={register} errors={errors} isExisting={Boolean(user)} emailColumns={7} />
        <Col sm={5}>
          <Form.Group controlId="user-role">
            <Form.Label>Role</Form.Label>
            {user && (!canChangeRoles || isOwner) ? (
              // Not a disabled select: a disabled field would leave the role out of the values.
              <Form.Control plaintext readOnly value={roleLabel(user.role)} data-testid="user-role" />
            ) : (
              <Form.Select {...register('role')} isInvalid={Boolean(errors.role)} data-testid="user-role">
                <option value="3">Sub-user (chosen apps)</option>
                {(user || mayInviteStaff) && <option value="5">Staff (every app)</option>}
              </Form.Select>
            )}
            <Form.Control.Feedback type="invalid">{errors.role?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
      {!user && isSubUser && (
        <div className="mt-4">
          <h3 className="h6">Access</h3>
          <AccessMatrix
            value={access}
            onChange={setAccess}
            isGrantable={(app, code) => mayGrantCode(subject, app, code)}
          />
        </div>
      )}
      {!user && (
        <p className="small text-body-secondary mt-3 mb-0">They get an e-mail with a link to set their password.</p>
      )}
    </FormModal>
  );
}
