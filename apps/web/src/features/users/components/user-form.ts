// The user form's schema and values: the contract's own field rules, with the role travelling as
// the select's string (it becomes a number in the request body).
import { type MerchantUser, merchantUserInvite } from '@kassa/contract/merchant-users';
import { z } from 'zod';

export const userForm = z.object({
  first_name: merchantUserInvite.shape.first_name,
  last_name: merchantUserInvite.shape.last_name,
  email: merchantUserInvite.shape.email,
  role: z.enum(['2', '3', '5']),
});
export type UserFormValues = z.input<typeof userForm>;
export type UserFormOutput = z.output<typeof userForm>;

/** Fields the server may name in a 400's errors list. */
export const USER_FORM_FIELDS = ['first_name', 'last_name', 'email', 'role'] as const;

/** The form filled from the user being edited, or empty (a sub-user) for an invitation. */
export function userToForm(user: MerchantUser | null): UserFormValues {
  return user
    ? {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        role: String(user.role) as '2' | '3' | '5',
      }
    : { first_name: '', last_name: '', email: '', role: '3' };
}
